import Content
import Foundation
import GazetteModel

/// `gazette init`: a working site to start from — config with every key explained, one sample
/// journal and article, a `.gitignore` and a scheduled publishing workflow.
public enum SiteScaffold {
    public struct Result: Sendable {
        /// Site-relative paths written.
        public var created: [String]
        /// Paths that already existed and were left as they were (only with `force`).
        public var kept: [String]
    }

    /// Writes the scaffold into `folder`. A folder with anything in it is refused unless `force`;
    /// even then no existing file is replaced.
    public static func create(in folder: URL, force: Bool, now: Date) throws -> Result {
        let fileManager = FileManager.default
        if let entries = try? fileManager.contentsOfDirectory(atPath: folder.path), !entries.isEmpty, !force {
            throw DiagnosticsError([
                .error(
                    "\(folder.path) is not empty", hint: "run gazette init in an empty folder, or pass --force to add only the files that are missing")
            ])
        }
        var result = Result(created: [], kept: [])
        for (path, text) in files(now: now) {
            switch try SafeFile.create(folder.appendingPathComponent(path), contents: Data(text.utf8)) {
            case .created: result.created.append(path)
            case .existed: result.kept.append(path)
            }
        }
        return result
    }

    static func files(now: Date) -> [(String, String)] {
        let zone = TimeZone(identifier: "Asia/Seoul") ?? .current
        let created = NewJournal.minuteStamp(now, zone)
        let published = ISO8601.format(now.addingTimeInterval(-6 * 3600), in: zone)
        let url = "https://www.example.com/news/2026/first-article"
        let id = CanonicalURL.articleID(for: url) ?? "000000000000"
        let week = ISOWeek(containing: now.addingTimeInterval(-6 * 3600), in: zone)
        let article = Article(
            id: id, url: url, title: "우리 스터디의 첫 기사", description: "gazette fetch가 가져온 기사는 이런 모양으로 저장됩니다.",
            source: "manual", publisher: "Example News", author: nil, published: published, image: nil, queries: [],
            language: "ko")
        return [
            ("gazette.yml", config),
            (".gitignore", "public/\n.public.lock\n.public.previous/\n.gazette/\n.build/\n"),
            ("\(ArticleStore.folder)/\(week).json", String(decoding: ArticleStore.encode([article]), as: UTF8.self)),
            (
                "\(JournalLoader.folder)/\(NewJournal.dayStamp(now, zone))-first-journal.md",
                """
                ---
                title: 첫 저널
                article: \(url)
                tags: [economy]
                author: me
                created: \(created)
                ---
                기사를 읽고 **요약**, *내 생각*, 면접에서 나올 질문을 적어 보세요.

                - `gazette new URL --tag economy` 로 새 저널을 만들고
                - `gazette build` 로 사이트를 만든 다음
                - `public/` 폴더를 아무 정적 호스팅에 올리면 됩니다.

                """
            ),
            (".github/workflows/publish.yml", workflow),
        ]
    }

    static let config = """
        # Gazette site configuration. Only `title` is required; every other key is optional.

        title: 뉴스 스터디                      # the site's name
        # description: 매주 뉴스를 읽고 저널을 쓰는 스터디   # one line about the site
        # base_url: https://example.org/study/   # where the site is published: absolute feed/sitemap URLs
        language: ko                            # ko | en: interface strings and date formats
        timezone: Asia/Seoul                    # weeks and dates are computed in this zone

        authors:                                # key → display name; journals say `author: me`
          me: { name: 나 }

        tags:                                   # the vocabulary, key → display name, in navigation order
          politics: 정치
          economy: 경제
          science: 과학
          technology: 기술
          world: 글로벌

        # sources:                              # what `gazette fetch` reads; API keys come from the environment only
        #   naver:      { queries: [금리, 반도체], display: 100, sort: date }   # NAVER_CLIENT_ID, NAVER_CLIENT_SECRET
        #   newsapi:    { queries: [semiconductor], language: en, sort_by: publishedAt }   # NEWSAPI_KEY
        #   mediastack: { keywords: [economy], languages: [en], countries: [us, gb] }     # MEDIASTACK_KEY
        #   feeds:      [ { name: hankyung, url: "https://www.hankyung.com/feed/economy" } ]
        #   (each API also takes max_results: N and endpoint: URL)

        # packet: { paper: a4, font: NanumGothic, size: 10.5 }   # PDF study packets: a4 | letter
        # markdown: { unsafe_html: false }      # true passes raw HTML in journals through
        # board: { per_page: 30 }               # cards per page of the 전체, tag and week boards

        """

    static let workflow = """
        # Fetch the week's articles every Monday morning (Seoul), build, and publish to GitHub Pages.
        name: publish
        on:
          schedule: [{ cron: "0 22 * * 0" }]
          workflow_dispatch:
        permissions: { contents: write, pages: write, id-token: write }
        jobs:
          publish:
            runs-on: ubuntu-latest
            container: swift:6.1
            steps:
              - uses: actions/checkout@v4
                with: { fetch-depth: 0 }   # journal dates come from git history
              - run: apt-get update && apt-get install -y libcmark-gfm-dev libcmark-gfm-extensions-dev libxml2-dev libpango1.0-dev libharfbuzz-dev libwoff-dev fonts-nanum
              # Install gazette first: build it from source (make build) and put .build/release/gazette on PATH.
              - run: gazette fetch && gazette build
                env:
                  NAVER_CLIENT_ID: ${{ secrets.NAVER_CLIENT_ID }}
                  NAVER_CLIENT_SECRET: ${{ secrets.NAVER_CLIENT_SECRET }}
                  NEWSAPI_KEY: ${{ secrets.NEWSAPI_KEY }}
                  MEDIASTACK_KEY: ${{ secrets.MEDIASTACK_KEY }}
              - run: |
                  git config user.name gazette && git config user.email gazette@users.noreply.github.com
                  git add content/articles && git commit -m "Articles of the week" && git push || true
              - uses: actions/upload-pages-artifact@v3
                with: { path: public }
              - uses: actions/deploy-pages@v4

        """
}
