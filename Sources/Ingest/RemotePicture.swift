import Foundation
import GazetteModel

/// A picture a journal names by another site's address (`![차트](https://…/chart.png)`), which
/// pages never load, downloaded so that it can be saved beside the journal. The address comes
/// from a journal, so it is data: the fetch's client checks every hop as `WebClient.get` says
/// (http and https only, public addresses unless `gazette.yml` allows one, its redirect limit),
/// at most `NetworkSettings.maxImageBytes` are read, and the kind is read from the bytes, never
/// from the address or `Content-Type`.
public enum RemotePicture {
    /// The kinds a page shows in every browser, which are saved. Not SVG: a drawing can hold a
    /// script, which the site would then serve as its own.
    public static let kinds: [PictureKind] = [.png, .jpeg, .gif, .webp]

    /// The picture at `url`, as its bytes and their kind, or why there is none.
    public static func download(_ url: String, config: SiteConfig, network: NetworkSettings) async -> Result<(data: Data, kind: PictureKind), DiagnosticsError> {
        guard let address = SafeURL.allowed(url, in: .absolute), let scheme = SafeURL.scheme(address), scheme == "http" || scheme == "https" else {
            return .failure(DiagnosticsError([.error("'\(url)' is not an http or https address")]))
        }
        do {
            let response = try await WebClient.with(network.allowing(config.network)) { web -> WebResponse in
                do throws(IngestError) {
                    return try await web.get(address, headers: [("Accept", "image/webp,image/png,image/jpeg,image/gif;q=0.9,*/*;q=0.1")], limit: web.settings.maxImageBytes)
                } catch {
                    throw DiagnosticsError([error.diagnostic])
                }
            }
            guard response.status == 200 else { return .failure(DiagnosticsError([.error("\(address) answered \(response.statusLine)")])) }
            let kind = PictureKind.of([UInt8](response.body.prefix(4096)))
            guard kinds.contains(kind) else {
                return .failure(DiagnosticsError([.error("\(address) is \(kind.described), not a picture that is saved (PNG, JPEG, GIF or WebP; a drawing is not downloaded, since it could hold a script the site would serve)")]))
            }
            return .success((response.body, kind))
        } catch let error as DiagnosticsError {
            return .failure(error)
        } catch {
            return .failure(DiagnosticsError([.error("\(error)")]))
        }
    }
}
