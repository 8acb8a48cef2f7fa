extension PixelBuffer {
    /// An area-average (box) downscale so the longest side is at most `maxSide`, keeping the
    /// aspect ratio; each output pixel averages the source pixels it covers, weighted by overlap.
    /// Channels are averaged as stored (sRGB values, straight alpha).
    func boxDownscaled(maxSide: Int) -> PixelBuffer {
        let longest = max(width, height)
        guard longest > maxSide, maxSide > 0 else { return self }
        let scale = Double(maxSide) / Double(longest)
        let outW = max(1, Int((Double(width) * scale).rounded()))
        let outH = max(1, Int((Double(height) * scale).rounded()))
        let xWeights = Self.overlaps(source: width, target: outW)
        let yWeights = Self.overlaps(source: height, target: outH)
        var out = [UInt8](repeating: 0, count: outW * outH * channels)
        var acc = [Double](repeating: 0, count: channels)
        for oy in 0..<outH {
            for ox in 0..<outW {
                for c in 0..<channels { acc[c] = 0 }
                var weightSum = 0.0
                for (sy, wy) in yWeights[oy] {
                    for (sx, wx) in xWeights[ox] {
                        let weight = wx * wy
                        let base = (sy * width + sx) * channels
                        for c in 0..<channels { acc[c] += Double(bytes[base + c]) * weight }
                        weightSum += weight
                    }
                }
                let base = (oy * outW + ox) * channels
                for c in 0..<channels {
                    out[base + c] = UInt8(min(255, max(0, (acc[c] / weightSum).rounded())))
                }
            }
        }
        return PixelBuffer(width: outW, height: outH, channels: channels, bytes: out)
    }

    /// For each target index, the source indices it covers and how much of each.
    private static func overlaps(source: Int, target: Int) -> [[(Int, Double)]] {
        let ratio = Double(source) / Double(target)
        return (0..<target).map { t in
            let start = Double(t) * ratio
            let end = Double(t + 1) * ratio
            var cells: [(Int, Double)] = []
            var s = Int(start)
            while Double(s) < end && s < source {
                let overlap = min(end, Double(s + 1)) - max(start, Double(s))
                if overlap > 1e-9 { cells.append((s, overlap)) }
                s += 1
            }
            return cells
        }
    }
}
