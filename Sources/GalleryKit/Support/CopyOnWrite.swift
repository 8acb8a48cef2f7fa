/// A value's fields in a box that copies share until one of them is changed, as `Array` keeps
/// its elements: for the model values every stage of a build holds for each of 50,000 photos
/// (``PhotoSource``, ``PhotoDerivatives``), which copied inline cost their whole size each
/// time. Equal when the fields are.
///
/// The values forward each field by a property of its own (`get { storage.fields.slug }`)
/// rather than through `@dynamicMemberLookup` and a key path: tried, a key path read copied
/// the whole fields out of the box at every access, and a 10,000-photo rebuild's render went
/// from 150 to 320 ms.
struct CopyOnWrite<Fields: Sendable & Hashable>: Sendable, Hashable {
    private final class Box: @unchecked Sendable {
        // Changed only through a reference no other copy holds (``update(_:)``).
        var fields: Fields

        init(_ fields: Fields) {
            self.fields = fields
        }
    }

    private var box: Box

    init(_ fields: Fields) {
        box = Box(fields)
    }

    var fields: Fields { box.fields }

    /// Changes the fields, in a box of this copy's own when another copy shares it.
    mutating func update(_ change: (inout Fields) -> Void) {
        if !isKnownUniquelyReferenced(&box) { box = Box(box.fields) }
        change(&box.fields)
    }

    static func == (left: CopyOnWrite, right: CopyOnWrite) -> Bool {
        left.box === right.box || left.box.fields == right.box.fields
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(box.fields)
    }
}
