/// The clock origins timing-dependent rendering tests run at: 0, a clock that has run for days
/// (≈ 10⁶ s, as a live `CACurrentMediaTime()`), and one with a fraction.
let clockOrigins: [Double] = [0, 1_000_000, 12_345.678]
