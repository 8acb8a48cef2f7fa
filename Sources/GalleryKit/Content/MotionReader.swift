import Foundation

/// Reads the motion keys of site.yml (`motion:`) and the `kenburns:` mappings of site.yml,
/// album index.md and photo sidecars, warning about unknown keys and wrong values.
enum MotionReader {
    static let motionKeys = [
        "blur_radius", "transition", "caption_transition", "page_transition", "easing", "duration",
        "kenburns",
    ]
    static let kenBurnsKeys = ["duration", "zoom", "from", "to", "easing"]
    static let anchorNames: [String: KenBurnsAnchor] = [
        "top-leading": .topLeading, "top": .top, "top-trailing": .topTrailing,
        "leading": .leading, "center": .center, "trailing": .trailing,
        "bottom-leading": .bottomLeading, "bottom": .bottom, "bottom-trailing": .bottomTrailing,
    ]
    static let easingExpected =
        "an easing: linear, ease-in, ease-out, ease-in-out, cubic-bezier(x1, y1, x2, y2), spring(response, damping), bouncy, smooth or snappy"
    static let transitionExpected =
        "a transition: opacity, move(top|bottom|leading|trailing), scale, scale(0.5), slide, several joined with '+', or asymmetric(a, b)"

    /// Reads `motion:` of site.yml into `settings`.
    static func read(_ motion: FieldReader, into settings: inout MotionSettings) {
        if let radius = motion.double("blur_radius", in: 0...200) { settings.blurRadius = radius }
        if let value = motion.typed("transition", transitionExpected, MotionTransition.init(parsing:)) {
            settings.photoTransition = value
        }
        if let value = motion.typed(
            "caption_transition", transitionExpected, MotionTransition.init(parsing:))
        {
            settings.captionTransition = value
        }
        if let value = motion.typed("page_transition", transitionExpected, MotionTransition.init(parsing:)) {
            settings.pageTransition = value
        }
        if let easing = motion.typed("easing", easingExpected, Easing.init(parsing:)) {
            settings.easing = easing
        }
        if let seconds = motion.double("duration", in: 0.05...10) { settings.transitionDuration = seconds }
        settings.kenBurns = kenBurns(motion)
    }

    /// Reads a `kenburns:` mapping (absent: nothing overridden).
    static func kenBurns(_ fields: FieldReader) -> KenBurnsSettings {
        guard let nested = fields.nested("kenburns", knownKeys: kenBurnsKeys) else {
            return KenBurnsSettings()
        }
        let anchorExpected =
            "\(FieldReader.oneOf(anchorNames.keys.sorted())) or a point like '0.62 0.40'"
        return KenBurnsSettings(
            duration: nested.double("duration", in: 1...600),
            zoom: nested.double("zoom", in: 1...4),
            from: nested.typed("from", anchorExpected, anchor),
            to: nested.typed("to", anchorExpected, anchor),
            easing: nested.typed("easing", easingExpected, Easing.init(parsing:)))
    }

    /// `top-leading` (also `topLeading`, `top_leading`, `top leading`) and the other eight
    /// named positions, or a point of the photo written `0.62 0.40`.
    static func anchor(_ text: String) -> KenBurnsAnchor? {
        var words = ""
        for character in text.trimmingCharacters(in: .whitespaces) {
            if character.isUppercase {
                words += "-" + character.lowercased()
            } else {
                words.append(character == "_" || character == " " ? "-" : character)
            }
        }
        if let named = anchorNames[words] { return named }
        return ScalarTypes.focus(text).map { KenBurnsAnchor.point($0) }
    }
}
