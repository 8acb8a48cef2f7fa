/// A small deterministic Nelder-Mead simplex minimiser, used to fit Bézier fallbacks.
enum NelderMead {
    /// Minimises `f` from `start`, for at most `iterations` steps, or until every corner of the
    /// simplex is within `tolerance` of the best in every coordinate (the fitted values are
    /// printed with three decimals: a millionth moves none of them).
    static func minimize(
        _ f: ([Double]) -> Double, start: [Double], step: Double, iterations: Int, tolerance: Double = 1e-6
    ) -> [Double] {
        let n = start.count
        var simplex: [[Double]] = [start]
        for i in 0..<n {
            var p = start
            p[i] += step
            simplex.append(p)
        }
        var values = simplex.map(f)
        for _ in 0..<iterations {
            let order = values.indices.sorted { values[$0] < values[$1] }
            simplex = order.map { simplex[$0] }
            values = order.map { values[$0] }
            let spread =
                simplex.dropFirst().lazy.flatMap { corner in
                    zip(corner, simplex[0]).lazy.map { abs($0 - $1) }
                }.max() ?? 0
            if spread < tolerance { break }
            var centroid = [Double](repeating: 0, count: n)
            for p in simplex.dropLast() { for i in 0..<n { centroid[i] += p[i] / Double(n) } }
            func along(_ t: Double) -> [Double] {
                (0..<n).map { centroid[$0] + t * (simplex[n][$0] - centroid[$0]) }
            }
            let reflected = along(-1)
            let fr = f(reflected)
            if fr < values[0] {
                let expanded = along(-2)
                let fe = f(expanded)
                if fe < fr {
                    (simplex[n], values[n]) = (expanded, fe)
                } else {
                    (simplex[n], values[n]) = (reflected, fr)
                }
            } else if fr < values[n - 1] {
                (simplex[n], values[n]) = (reflected, fr)
            } else {
                let contracted = along(0.5)
                let fc = f(contracted)
                if fc < values[n] {
                    (simplex[n], values[n]) = (contracted, fc)
                } else {
                    for j in 1...n {
                        simplex[j] = (0..<n).map { simplex[0][$0] + 0.5 * (simplex[j][$0] - simplex[0][$0]) }
                        values[j] = f(simplex[j])
                    }
                }
            }
        }
        let best = values.indices.min { values[$0] < values[$1] } ?? 0
        return simplex[best]
    }
}
