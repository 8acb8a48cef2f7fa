/// A value's fields in a box that copies share until one of them is changed, as `Array` keeps
/// its elements: for the model values every stage of a build holds for each of 50,000 photos
/// (``PhotoSource``, ``PhotoDerivatives``), which copied inline cost their whole size each
/// time. Equal when the fields are.
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
