/// Where a Ken Burns move starts or ends: one of nine named positions, or any point of the photo.
enum KenBurnsAnchor: Sendable, Hashable {
    case topLeading, top, topTrailing
    case leading, center, trailing
    case bottomLeading, bottom, bottomTrailing
    /// A point of the photo (fractions of its width and height; clamped to 0 ... 1).
    case point(FocalPoint)

    /// The anchor as a point of the photo, fractions from its top-left corner.
    var point: FocalPoint {
        switch self {
        case .topLeading: return FocalPoint(x: 0, y: 0)
        case .top: return FocalPoint(x: 0.5, y: 0)
        case .topTrailing: return FocalPoint(x: 1, y: 0)
        case .leading: return FocalPoint(x: 0, y: 0.5)
        case .center: return .center
        case .trailing: return FocalPoint(x: 1, y: 0.5)
        case .bottomLeading: return FocalPoint(x: 0, y: 1)
        case .bottom: return FocalPoint(x: 0.5, y: 1)
        case .bottomTrailing: return FocalPoint(x: 1, y: 1)
        case .point(let p):
            let x = p.x.isFinite ? min(max(p.x, 0), 1) : 0.5
            let y = p.y.isFinite ? min(max(p.y, 0), 1) : 0.5
            return FocalPoint(x: x, y: y)
        }
    }
}
