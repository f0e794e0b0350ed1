import StrataInput
import Testing

/// Issue 29: the budgets a file may claim, raised or lowered by `--limit NAME=VALUE`.
@Suite("InputLimits")
struct InputLimitsTests {
    @Test func namedLimitsAreSetInTheirUnits() throws {
        var limits = InputLimits.standard
        try limits.apply("json-mb=128")
        try limits.apply("layers=50000")
        try limits.apply("image-mpx=100")
        #expect(limits.jsonBytes == 128 << 20)
        #expect(limits.layers == 50_000)
        #expect(limits.imagePixels == 100 << 20)
        #expect(limits.value(named: "json-mb") == 128)
        #expect(limits.pathSteps == InputLimits.standard.pathSteps, "the others keep their defaults")
    }

    /// Tried: an unknown name, no value, zero, a negative, a fraction, past 2⁴⁰, no `=`.
    @Test(arguments: ["jsonmb=5", "json-mb=", "layers=0", "layers=-3", "layers=1.5", "json-mb=1099511627776", "layers"])
    func badAssignmentsAreRefusedWithTheirReason(_ assignment: String) {
        var limits = InputLimits.standard
        #expect(throws: InputLimitError.self, "\(assignment)") { try limits.apply(assignment) }
        #expect(limits == .standard, "nothing changed by a refused assignment")
    }

    @Test func sizesReadAsMillions() {
        #expect(InputLimits.millions(64 << 20) == "64")
        #expect(InputLimits.millions(25_000) == "0.02")
    }
}
