internal import CXML2

/// What galleryc reads of one XMP packet (RDF/XML): the descriptive properties, by namespace
/// URI (never by prefix, which each writer picks), whether written as attributes of
/// `rdf:Description` or as child elements.
struct XMPPacket: Sendable, Hashable {
    /// `dc:title`, `dc:description`, `dc:rights`: the `x-default` item of their `rdf:Alt`,
    /// else the first non-empty one.
    var title: String?
    var description: String?
    var rights: String?
    /// `photoshop:Headline`.
    var headline: String?
    /// `dc:creator`: the first item of its `rdf:Seq`.
    var creator: String?
    /// `dc:subject` items.
    var subjects: [String] = []
    /// `lr:hierarchicalSubject` items as written (`Places|Iceland|Vik`).
    var hierarchicalSubjects: [String] = []
    /// `xmp:Rating`, rounded: -1 (rejected) ... 5; nil when absent or out of range.
    var rating: Int?
    /// `xmpNote:HasExtendedXMP`: the GUID of the extended packet (JPEG only).
    var extendedGUID: String?
    /// What a Motion Photo says of the movie after its still: Google's `GCamera:MotionPhoto`
    /// (or the older `GCamera:MicroVideo`) set to 1, with `GCamera:MicroVideoOffset` (bytes
    /// from the movie's start to the end of the file) and the `Container:Directory` items.
    var motionPhoto = false
    var microVideoOffset: Int64?
    /// The `Container:Directory` items, in file order: the still first, then what follows it.
    var containerItems: [ContainerItem] = []

    /// One `Container:Item`: its `Item:Semantic` (`Primary`, `MotionPhoto`, `GainMap`),
    /// `Item:Mime`, `Item:Length` (0 for the primary, whose length is implied) and
    /// `Item:Padding` (bytes after it).
    struct ContainerItem: Sendable, Hashable {
        var semantic = ""
        var mime = ""
        var length: Int64 = 0
        var padding: Int64 = 0
    }

    /// As galleryc's model has it: hierarchical keywords become their leaf (`Vik`), after the
    /// flat `dc:subject` ones.
    var descriptive: DescriptiveMetadata {
        let leaves = hierarchicalSubjects.compactMap {
            $0.split(separator: "|").last.map(String.init)
        }
        return DescriptiveMetadata(
            title: title ?? headline, description: description,
            keywords: DescriptiveMetadata.uniqueKeywords(subjects + leaves), rating: rating,
            creator: creator, copyright: rights)
    }
}

/// Reads XMP with libxml2. This is the only file that imports CXML2.
///
/// Hostile packets are refused or read harmlessly: a packet with a document type declaration
/// (`<!DOCTYPE`, where entities are declared: "billion laughs", external entities) is refused
/// before libxml2 sees it, as XMP never has one; libxml2 is told never to use the network, not
/// to substitute entities and not to load DTDs; text is taken from text and CDATA nodes only,
/// never through an entity reference; packets larger than ``maxBytes`` are refused. A packet
/// that is not well-formed XML reads as nil.
enum XMPParser {
    /// The largest packet read (a main packet is at most 64 KiB in JPEG; extended XMP, PNG and
    /// sidecars can be larger).
    static let maxBytes = 16 << 20

    private static let rdf = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
    private static let dc = "http://purl.org/dc/elements/1.1/"
    private static let xmp = "http://ns.adobe.com/xap/1.0/"
    private static let lightroom = "http://ns.adobe.com/lightroom/1.0/"
    private static let photoshop = "http://ns.adobe.com/photoshop/1.0/"
    private static let xmpNote = "http://ns.adobe.com/xmp/note/"
    private static let xmlNamespace = "http://www.w3.org/XML/1998/namespace"
    private static let googleCamera = "http://ns.google.com/photos/1.0/camera/"
    private static let container = "http://ns.google.com/photos/1.0/container/"
    private static let containerItem = "http://ns.google.com/photos/1.0/container/item/"

    /// libxml2's global state, set up once per process before any thread parses.
    private static let initialised: Bool = {
        xmlInitParser()
        return true
    }()

    /// The packet in `bytes` (UTF-8, optionally with `<?xpacket?>` wrappers and padding), or nil
    /// when it is not XMP galleryc can read.
    static func parse(_ bytes: ArraySlice<UInt8>) -> XMPPacket? {
        guard initialised, !bytes.isEmpty, bytes.count <= maxBytes, !declaresDocumentType(bytes) else {
            return nil
        }
        let document: xmlDocPtr? = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.flatMap { base in
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                    xmlReadMemory($0, Int32(buffer.count), "xmp.xml", nil, gk_xmp_parse_options())
                }
            }
        }
        guard let document else { return nil }
        defer { xmlFreeDoc(document) }
        // A DTD that slipped past the check above (it cannot, but the parser is the authority).
        guard document.pointee.intSubset == nil, document.pointee.extSubset == nil,
            let root = xmlDocGetRootElement(document)
        else { return nil }
        var packet = XMPPacket()
        var found = false
        forEachDescription(root, depth: 0) { description in
            found = true
            read(description, into: &packet)
        }
        return found ? packet : nil
    }

    static func parse(_ bytes: [UInt8]) -> XMPPacket? { parse(bytes[...]) }

    /// True when the bytes hold `<!DOCTYPE` anywhere, in UTF-8, UTF-16 or UTF-32 of either byte
    /// order (the encodings libxml2 detects), inside a comment or not: XMP has no use for it.
    static func declaresDocumentType(_ bytes: ArraySlice<UInt8>) -> Bool {
        let ascii = Array("<!DOCTYPE".utf8)
        let needles = [1, 2, 4].flatMap { width in
            [false, true].map { bigEndian in
                ascii.flatMap { byte in
                    var unit = [UInt8](repeating: 0, count: width)
                    unit[bigEndian ? width - 1 : 0] = byte
                    return unit
                }
            }
        }
        return needles.contains { contains(bytes, $0) }
    }

    private static func contains(_ bytes: ArraySlice<UInt8>, _ needle: [UInt8]) -> Bool {
        guard bytes.count >= needle.count else { return false }
        var index = bytes.startIndex
        let last = bytes.endIndex - needle.count
        while index <= last {
            if bytes[index] == needle[0], bytes[index..<index + needle.count].elementsEqual(needle) {
                return true
            }
            index += 1
        }
        return false
    }

    /// Calls `body` for every `rdf:Description` element at or below `node` (depth-limited:
    /// libxml2 itself refuses documents nested deeper than 256).
    private static func forEachDescription(_ node: xmlNodePtr, depth: Int, _ body: (xmlNodePtr) -> Void) {
        guard depth < 32 else { return }
        var child: xmlNodePtr? = node
        while let current = child {
            if current.pointee.type == XML_ELEMENT_NODE {
                if isElement(current, rdf, "Description") {
                    body(current)
                } else if let first = current.pointee.children {
                    forEachDescription(first, depth: depth + 1, body)
                }
            }
            child = depth == 0 ? nil : current.pointee.next
        }
    }

    /// Reads the properties of one `rdf:Description`: its attributes, then its child elements.
    /// A property already read from an earlier description stays.
    private static func read(_ description: xmlNodePtr, into packet: inout XMPPacket) {
        var attribute = description.pointee.properties
        while let current = attribute {
            let name = current.pointee.name.map { String(cString: $0) } ?? ""
            let namespace = current.pointee.ns?.pointee.href.map { String(cString: $0) } ?? ""
            let value = text(of: current.pointee.children)
            apply(namespace: namespace, name: name, simple: value, items: [], into: &packet)
            attribute = current.pointee.next
        }
        var child = description.pointee.children
        while let current = child {
            child = current.pointee.next
            guard current.pointee.type == XML_ELEMENT_NODE else { continue }
            let name = current.pointee.name.map { String(cString: $0) } ?? ""
            let namespace = current.pointee.ns?.pointee.href.map { String(cString: $0) } ?? ""
            if namespace == container, name == "Directory", packet.containerItems.isEmpty {
                packet.containerItems = directoryItems(of: current)
                continue
            }
            apply(
                namespace: namespace, name: name, simple: text(of: current.pointee.children),
                items: items(of: current), into: &packet)
        }
    }

    /// Stores one property, when galleryc reads it and it is not set yet.
    private static func apply(
        namespace: String, name: String, simple: String, items: [(text: String, language: String?)],
        into packet: inout XMPPacket
    ) {
        let simpleValue = nonEmpty(simple)
        switch (namespace, name) {
        case (dc, "title"): packet.title = packet.title ?? alternative(items) ?? simpleValue
        case (dc, "description"):
            packet.description = packet.description ?? alternative(items) ?? simpleValue
        case (dc, "rights"): packet.rights = packet.rights ?? alternative(items) ?? simpleValue
        case (dc, "creator"):
            packet.creator =
                packet.creator ?? items.lazy.compactMap { nonEmpty($0.text) }.first ?? simpleValue
        case (dc, "subject"):
            if packet.subjects.isEmpty {
                packet.subjects = items.isEmpty ? (simpleValue.map { [$0] } ?? []) : items.map(\.text)
            }
        case (lightroom, "hierarchicalSubject"):
            if packet.hierarchicalSubjects.isEmpty { packet.hierarchicalSubjects = items.map(\.text) }
        case (photoshop, "Headline"): packet.headline = packet.headline ?? simpleValue
        case (xmp, "Rating"):
            if packet.rating == nil, let value = simpleValue.flatMap(Double.init), value.isFinite,
                (-1...5).contains(value.rounded())
            {
                packet.rating = Int(value.rounded())
            }
        case (xmpNote, "HasExtendedXMP"): packet.extendedGUID = packet.extendedGUID ?? simpleValue
        case (googleCamera, "MotionPhoto"), (googleCamera, "MicroVideo"):
            if simpleValue == "1" { packet.motionPhoto = true }
        case (googleCamera, "MicroVideoOffset"):
            packet.microVideoOffset = packet.microVideoOffset ?? simpleValue.flatMap { Int64($0) }
        default: break
        }
    }

    /// The `x-default` item of a language alternative, else its first non-empty item.
    private static func alternative(_ items: [(text: String, language: String?)]) -> String? {
        let texts = items.filter { nonEmpty($0.text) != nil }
        return nonEmpty(
            texts.first { $0.language?.lowercased() == "x-default" }?.text ?? texts.first?.text ?? "")
    }

    /// The `rdf:li` items of a property whose value is an `rdf:Alt`, `rdf:Bag` or `rdf:Seq`,
    /// with their `xml:lang`.
    private static func items(of property: xmlNodePtr) -> [(text: String, language: String?)] {
        var out: [(text: String, language: String?)] = []
        var container = property.pointee.children
        while let current = container {
            container = current.pointee.next
            guard current.pointee.type == XML_ELEMENT_NODE,
                isElement(current, rdf, "Alt") || isElement(current, rdf, "Bag")
                    || isElement(current, rdf, "Seq")
            else { continue }
            var item = current.pointee.children
            while let li = item {
                item = li.pointee.next
                guard li.pointee.type == XML_ELEMENT_NODE, isElement(li, rdf, "li") else { continue }
                out.append((text(of: li.pointee.children).trimmingSpaces, language(of: li)))
            }
        }
        return out
    }

    /// The items of a `Container:Directory`: each `rdf:li` of its `rdf:Seq` holds a
    /// `Container:Item` whose `Item:` properties are attributes or child elements (either
    /// form, as writers differ; an `rdf:li rdf:parseType="Resource"` holds them itself).
    private static func directoryItems(of directory: xmlNodePtr) -> [XMPPacket.ContainerItem] {
        var found: [XMPPacket.ContainerItem] = []
        func properties(of node: xmlNodePtr, into item: inout XMPPacket.ContainerItem) {
            var attribute = node.pointee.properties
            while let current = attribute {
                attribute = current.pointee.next
                guard current.pointee.ns?.pointee.href.map({ String(cString: $0) }) == containerItem else {
                    continue
                }
                set(
                    current.pointee.name.map { String(cString: $0) } ?? "",
                    text(of: current.pointee.children), &item)
            }
            var child = node.pointee.children
            while let current = child {
                child = current.pointee.next
                guard current.pointee.type == XML_ELEMENT_NODE else { continue }
                if isElement(current, container, "Item") {
                    properties(of: current, into: &item)
                } else if current.pointee.ns?.pointee.href.map({ String(cString: $0) }) == containerItem {
                    set(
                        current.pointee.name.map { String(cString: $0) } ?? "",
                        text(of: current.pointee.children), &item)
                }
            }
        }
        func set(_ name: String, _ value: String, _ item: inout XMPPacket.ContainerItem) {
            let value = value.trimmingSpaces
            switch name {
            case "Semantic": item.semantic = value
            case "Mime": item.mime = value
            case "Length": item.length = Int64(value) ?? 0
            case "Padding": item.padding = Int64(value) ?? 0
            default: break
            }
        }
        var sequence = directory.pointee.children
        while let current = sequence {
            sequence = current.pointee.next
            guard current.pointee.type == XML_ELEMENT_NODE, isElement(current, rdf, "Seq") else { continue }
            var li = current.pointee.children
            while let entry = li, found.count < 64 {
                li = entry.pointee.next
                guard entry.pointee.type == XML_ELEMENT_NODE, isElement(entry, rdf, "li") else { continue }
                var item = XMPPacket.ContainerItem()
                properties(of: entry, into: &item)
                found.append(item)
            }
        }
        return found
    }

    /// The `xml:lang` attribute of an element.
    private static func language(of node: xmlNodePtr) -> String? {
        var attribute = node.pointee.properties
        while let current = attribute {
            if current.pointee.name.map({ String(cString: $0) }) == "lang",
                current.pointee.ns?.pointee.href.map({ String(cString: $0) }) == xmlNamespace
            {
                return text(of: current.pointee.children)
            }
            attribute = current.pointee.next
        }
        return nil
    }

    /// The text of a node list: its text and CDATA nodes, concatenated; entity references and
    /// elements are skipped, so no entity is ever expanded.
    private static func text(of first: xmlNodePtr?) -> String {
        var bytes: [UInt8] = []
        var node = first
        while let current = node {
            node = current.pointee.next
            guard current.pointee.type == XML_TEXT_NODE || current.pointee.type == XML_CDATA_SECTION_NODE,
                let content = current.pointee.content
            else { continue }
            var pointer = content
            while pointer.pointee != 0, bytes.count < maxBytes {
                bytes.append(pointer.pointee)
                pointer += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func isElement(_ node: xmlNodePtr, _ namespace: String, _ name: String) -> Bool {
        guard let nodeName = node.pointee.name, String(cString: nodeName) == name,
            let href = node.pointee.ns?.pointee.href
        else { return false }
        return String(cString: href) == namespace
    }

    private static func nonEmpty(_ text: String) -> String? {
        let trimmed = text.trimmingSpaces
        return trimmed.isEmpty ? nil : trimmed
    }
}

extension String {
    /// Without leading and trailing white space and newlines.
    fileprivate var trimmingSpaces: String {
        var scalars = Substring(self).unicodeScalars
        while let first = scalars.first, first.properties.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}
