import Foundation

/// The rows of a photo page's EXIF panel: camera, lens, focal length, aperture, shutter, ISO
/// and date taken, each only when known.
enum ExifPanel {
    static func rows(_ exif: ExifSummary) -> [TemplateValue] {
        var rows: [TemplateValue] = []
        func add(_ label: String, _ value: String?, datetime: String? = nil) {
            guard let value, !value.isEmpty else { return }
            var row: [String: TemplateValue] = ["label": .string(label), "value": .string(value)]
            if let datetime { row["datetime"] = .string(datetime) }
            rows.append(.dictionary(row))
        }
        add("Camera", camera(exif))
        add("Lens", trimmed(exif.lens))
        add("Focal length", exif.focalLength.flatMap { $0 > 0 ? "\(DisplayFormat.number($0)) mm" : nil })
        add("Aperture", exif.aperture.flatMap { $0 > 0 ? "f/\(DisplayFormat.number($0))" : nil })
        add("Shutter", exif.exposureTime.flatMap(DisplayFormat.shutter))
        add("ISO", exif.iso.flatMap { $0 > 0 ? String($0) : nil })
        if let date = exif.dateTaken {
            add("Taken", DisplayFormat.longDateTime(date), datetime: DisplayFormat.iso8601(date))
        }
        return rows
    }

    /// `Fujifilm X-T4`; the make is left out when the model already starts with it
    /// (`Canon` + `Canon EOS R5` is `Canon EOS R5`).
    static func camera(_ exif: ExifSummary) -> String? {
        let make = trimmed(exif.cameraMake)
        let model = trimmed(exif.cameraModel)
        switch (make, model) {
        case (nil, nil): return nil
        case (let make?, nil): return make
        case (nil, let model?): return model
        case (let make?, let model?):
            let makeWord = make.split(separator: " ").first.map(String.init) ?? make
            if model.lowercased().hasPrefix(makeWord.lowercased()) { return model }
            return "\(make) \(model)"
        }
    }

    private static func trimmed(_ text: String?) -> String? {
        guard let text else { return nil }
        let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return value.isEmpty ? nil : value
    }
}
