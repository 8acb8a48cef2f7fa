/// How photos, captions and pages enter (SwiftUI's transitions), compiled to CSS keyframes
/// that animate from the transition's start state to the element's natural state.
indirect enum MotionTransition: Sendable, Hashable {
    /// The edge an element moves in from.
    enum Edge: String, Sendable, Hashable, CaseIterable {
        case top, bottom, leading, trailing
    }

    case opacity
    /// Moves in from the given edge by its own size.
    case move(Edge)
    /// Grows from the given scale (0 ... 1).
    case scale(Double)
    /// Moves in from the leading edge; leaves towards the trailing edge.
    case slide
    /// Different transitions for entering and leaving (leaving applies to page transitions).
    case asymmetric(insertion: MotionTransition, removal: MotionTransition)
    /// Several transitions at once.
    case combined([MotionTransition])

    /// The state an entering element starts from (or a leaving one ends in, with `removal`).
    struct EndState: Equatable {
        var opacity = 1.0
        var translateX = 0.0  // percent of own width; positive is towards the trailing edge
        var translateY = 0.0  // percent of own height; positive is down
        var scale = 1.0

        mutating func merge(_ other: EndState) {
            opacity = min(opacity, other.opacity)
            translateX += other.translateX
            translateY += other.translateY
            scale *= other.scale
        }

        /// Declarations for a keyframe, e.g. `opacity: 0; translate: 0 100%;`.
        var declarations: String {
            var parts: [String] = []
            if opacity != 1 { parts.append("opacity: \(cssNumber(opacity, digits: 3));") }
            if translateX != 0 || translateY != 0 {
                parts.append("translate: \(cssLength(translateX)) \(cssLength(translateY));")
            }
            if scale != 1 { parts.append("scale: \(cssNumber(scale, digits: 3));") }
            return parts.joined(separator: " ")
        }

        private func cssLength(_ percent: Double) -> String {
            percent == 0 ? "0" : cssNumber(percent, digits: 2) + "%"
        }
    }

    /// The start state when entering.
    var insertionState: EndState {
        var state = EndState()
        switch self {
        case .opacity: state.opacity = 0
        case .move(let edge): state = Self.offset(edge)
        case .scale(let s): state.scale = min(max(s.isFinite ? s : 0, 0), 1)
        case .slide: state = Self.offset(.leading)
        case .asymmetric(let insertion, _): state = insertion.insertionState
        case .combined(let parts): for part in parts { state.merge(part.insertionState) }
        }
        return state
    }

    /// The end state when leaving.
    var removalState: EndState {
        switch self {
        case .slide: return Self.offset(.trailing)
        case .asymmetric(_, let removal): return removal.insertionState
        case .combined(let parts):
            var state = EndState()
            for part in parts { state.merge(part.removalState) }
            return state
        default: return insertionState
        }
    }

    private static func offset(_ edge: Edge) -> EndState {
        var state = EndState()
        switch edge {
        case .top: state.translateY = -100
        case .bottom: state.translateY = 100
        case .leading: state.translateX = -100
        case .trailing: state.translateX = 100
        }
        return state
    }

    /// Parses a transition from `site.yml`: `opacity`, `move(bottom)` (top, bottom, leading,
    /// trailing), `scale` (from 0.9) or `scale(0.5)`, `slide`, several joined with `+`
    /// (`opacity + move(bottom)`), or `asymmetric(<insertion>, <removal>)` of single ones.
    /// - Returns: nil for anything else.
    init?(parsing text: String) {
        let compact = text.lowercased().filter { !$0.isWhitespace }
        if compact.hasPrefix("asymmetric("), compact.hasSuffix(")") {
            let inner = compact.dropFirst("asymmetric(".count).dropLast()
            let parts = inner.split(separator: ",", omittingEmptySubsequences: false)
            guard parts.count == 2, let insertion = MotionTransition(parsing: String(parts[0])),
                let removal = MotionTransition(parsing: String(parts[1]))
            else { return nil }
            self = .asymmetric(insertion: insertion, removal: removal)
            return
        }
        let pieces = compact.split(separator: "+", omittingEmptySubsequences: false)
        if pieces.count > 1 {
            var parts: [MotionTransition] = []
            for piece in pieces {
                guard let part = MotionTransition(parsing: String(piece)) else { return nil }
                parts.append(part)
            }
            self = .combined(parts)
            return
        }
        switch compact {
        case "opacity": self = .opacity
        case "slide": self = .slide
        case "scale": self = .scale(0.9)
        default:
            if compact.hasPrefix("move("), compact.hasSuffix(")"),
                let edge = Edge(rawValue: String(compact.dropFirst(5).dropLast()))
            {
                self = .move(edge)
            } else if compact.hasPrefix("scale("), compact.hasSuffix(")"),
                let s = Double(compact.dropFirst(6).dropLast()), (0...1).contains(s)
            {
                self = .scale(s)
            } else {
                return nil
            }
        }
    }
}
