// Numbers a caller or a file hands in become counts, indices and byte sizes here without trapping:
// `Int(Double.nan)`, `Int(1e300)` and `a + b` past `Int.max` stop the process in Swift.

extension Int {
    /// `value` rounded toward zero and held to `range`; NaN gives `nan`.
    package init(clamping value: Double, to range: ClosedRange<Int>, nan: Int) {
        guard !value.isNaN else {
            self = nan
            return
        }
        if value <= Double(range.lowerBound) {
            self = range.lowerBound
        } else if value >= Double(range.upperBound) {
            self = range.upperBound
        } else {
            self = Int(value)
        }
    }

    /// `self + other`, or nil where the sum overflows.
    package func checkedAdding(_ other: Int) -> Int? {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? nil : sum
    }

    /// `self × other`, or nil where the product overflows.
    package func checkedMultiplying(_ other: Int) -> Int? {
        let (product, overflow) = multipliedReportingOverflow(by: other)
        return overflow ? nil : product
    }
}

extension Double {
    /// This number held to `range`; NaN gives `nan`.
    package func clamped(to range: ClosedRange<Double>, nan: Double) -> Double {
        isNaN ? nan : Swift.min(Swift.max(self, range.lowerBound), range.upperBound)
    }
}
