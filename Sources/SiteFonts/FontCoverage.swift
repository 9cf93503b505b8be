import Foundation
import GazetteModel
import TextLayout

extension WebFonts {
    /// The characters of the site's text face (Nanum Gothic, as pages and packets set body
    /// text), from its `cmap`; nil when its file cannot be read (a build says so itself). Read
    /// once per process, and only by a check that meets a character Nanum may lack.
    public static var textCoverage: Set<Unicode.Scalar>? { coverageOfText }

    private static let coverageOfText: Set<Unicode.Scalar>? = {
        guard let data = FileManager.default.contents(atPath: sans.source) else { return nil }
        return FontSubsetter.coverage(data)
    }()
}
