import Foundation
import Testing

@testable import Site

/// Descriptions cut from a body are trimmed as Foundation's `trimmingCharacters(in:
/// .punctuationCharacters.union(.whitespaces))` trimmed them, without bridging to NSString.
@Suite struct ExcerptTrimTests {
    /// Characters added in Unicode 16 and later are left out: Foundation's set predates them,
    /// and the standard library's categories are the newer truth.
    @Test func trimsTheSameScalarsAsFoundation() {
        let foundation = CharacterSet.punctuationCharacters.union(.whitespaces)
        var differing: [String] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), let age = scalar.properties.age, age.major < 16 else { continue }
            if foundation.contains(scalar) != SiteRenderer.isTrimmed(scalar), differing.count < 10 {
                differing.append("U+\(String(value, radix: 16, uppercase: true))")
            }
        }
        #expect(differing.isEmpty, "\(differing)")
    }
}
