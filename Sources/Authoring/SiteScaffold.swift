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
    /// `gazetteVersion` is the commit or tag of Gazette's repository the workflow builds Gazette
    /// at: `gazette init` passes the commit it was built from, so CI runs the Gazette you ran.
    /// `member`, the name of whoever runs `gazette init` (git's `user.name`), is the first
    /// member's (key `me`): `gazette new` finds them by it and writes their journals as `me`
    /// without `--author`. Without one, the member is named `나`.
    public static func create(
        in folder: URL, force: Bool, now: Date, gazetteVersion: String = "v\(GazetteRelease.version)", member: String? = nil
    ) throws -> Result {
        let fileManager = FileManager.default
        if let entries = try? fileManager.contentsOfDirectory(atPath: folder.path), !entries.isEmpty, !force {
            throw DiagnosticsError([
                .error(
                    "\(folder.path) is not empty", hint: "run gazette init in an empty folder, or pass --force to add only the files that are missing")
            ])
        }
        var result = Result(created: [], kept: [])
        for (path, text) in files(now: now, gazetteVersion: gazetteVersion, member: member) {
            switch try SafeFile.create(folder.appendingPathComponent(path), contents: Data(text.utf8)) {
            case .created: result.created.append(path)
            case .existed: result.kept.append(path)
            }
        }
        return result
    }

    static func files(now: Date, gazetteVersion: String, member: String? = nil) -> [(String, String)] {
        let zone = TimeZone(identifier: "Asia/Seoul") ?? .current
        let created = ISO8601.minute(now, in: zone)
        let published = ISO8601.format(now.addingTimeInterval(-6 * 3600), in: zone)
        let url = "https://www.example.com/news/2026/first-article"
        let id = CanonicalURL.articleID(for: url) ?? "000000000000"
        let week = ISOWeek(containing: now.addingTimeInterval(-6 * 3600), in: zone)
        let article = Article(
            id: id, url: url, title: "우리 스터디의 첫 기사", description: "gazette fetch가 가져온 기사는 이런 모양으로 저장됩니다.",
            source: "manual", publisher: "Example News", author: nil, published: published, image: nil, queries: [],
            language: "ko")
        return [
            ("gazette.yml", config(member: member)),
            // What the first line of gazette.yml names, so editors' YAML support checks the file.
            (schemaFile, ConfigLoader.jsonSchema),
            (".gitignore", SiteLayout.ignoredByGit),
            ("\(ArticleStore.folder)/\(ArticleStore.fileName(of: week))", String(decoding: ArticleStore.encode([article]), as: UTF8.self)),
            ("\(ArticleStore.folder)/\(ArticleStore.attributesName)", String(decoding: ArticleStore.attributes, as: UTF8.self)),
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
            (".github/workflows/publish.yml", workflow(gazetteVersion: gazetteVersion)),
        ]
    }

    /// The JSON Schema of gazette.yml (`gazette schema`), beside it.
    public static let schemaFile = "gazette.schema.json"

    /// gazette.yml with the first member named `member` (as a YAML string in double quotes),
    /// else `나`.
    static func config(member: String?) -> String {
        guard let name = member?.trimmingCharacters(in: .whitespacesAndNewlines), !name.isEmpty else { return config }
        let quoted = "\"" + name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        return config.replacingOccurrences(of: "  me: { name: 나 }", with: "  me: { name: \(quoted) }")
    }

    static let config = """
        # yaml-language-server: $schema=gazette.schema.json
        # Gazette site configuration. Only `title` is required; every other key is optional.
        # The schema beside it lets an editor check this file; `gazette schema -o gazette.schema.json`
        # writes it again for a newer Gazette.

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
        markdown:
          line_breaks: true                     # a line typed in a paragraph is a line on the page; false joins them (CommonMark)
          # unsafe_html: false                  # true passes raw HTML in journals through
        # board: { per_page: 30, articles_per_page: 60 }   # cards per page of the 전체, tag and week boards; a week with more article rows lists them on pages of their own
        # publish: { cname: news.example.org }  # gazette publish writes it as CNAME (a custom domain on GitHub Pages)

        """

    /// The scheduled workflow. Every step that does something is a shell step, so a test can run
    /// them all (with `apt-get` and `swift` stood in for) against local repositories.
    static func workflow(gazetteVersion: String) -> String {
        workflowTriggers(gazetteVersion: gazetteVersion) + workflowSetUp + workflowWeek
    }

    /// When it runs, what it may do, and the job that finds the release archive.
    static func workflowTriggers(gazetteVersion: String) -> String {
        """
        # Every Monday 07:00 in Seoul: fetch the week's articles and commit them, build the site
        # and publish it to GitHub Pages. Once: Settings → Pages → Build and deployment → Deploy
        # from a branch → gh-pages / (root). Secrets (Settings → Secrets → Actions) hold the keys.
        # On a pull request it only checks the site: each problem is marked on its line.
        name: publish
        on:
          schedule: [{ cron: "0 22 * * 0" }]
          workflow_dispatch:
          pull_request:
        permissions:
          contents: write   # push the articles and the gh-pages branch
        concurrency: { group: "${{ github.event_name == 'pull_request' && github.ref || 'publish' }}", cancel-in-progress: false }
        env:
          # The Gazette this site is built with: its repository, and the release tag (or commit) `gazette init` named.
          GAZETTE_REPOSITORY: \(GazetteRelease.repository)
          GAZETTE_VERSION: \(gazetteVersion)
          GAZETTE_HOME: /opt/gazette-release   # where the release archive is unpacked
          GAZETTE_SOURCE: /opt/gazette         # the source and its build folder, cached between runs
        defaults:
          run: { shell: bash }
        jobs:
          release:
            # Whether GAZETTE_VERSION has a release archive. With one, publish runs in a plain Debian
            # image and installs it (no compiler, seconds); without, in the Swift image, building Gazette.
            runs-on: ubuntu-latest
            outputs:
              archive: ${{ steps.find.outputs.archive }}
            steps:
              - name: Find Gazette's release archive
                id: find
                run: |
                  # Release archives by tag (GAZETTE_RELEASES, if set, names a mirror); a version with
                  # none (a commit) is built from source in GAZETTE_SOURCE.
                  releases=${GAZETTE_RELEASES:-$GAZETTE_REPOSITORY/releases/download}
                  url="$releases/$GAZETTE_VERSION/gazette-${GAZETTE_VERSION#v}-linux-x86_64.tar.gz"
                  # Its first byte, not HEAD: release downloads redirect to storage that signs GET only.
                  if curl -fsSL --retry 3 -r 0-0 -o /dev/null "$url"; then
                    echo "archive=$url" >> "$GITHUB_OUTPUT"
                  else
                    echo "::notice::$GAZETTE_VERSION has no release archive: Gazette is built from source"
                  fi

        """
    }

    /// The publish job's set-up: Gazette from its release archive, or built from source.
    static let workflowSetUp =
        """
          publish:
            needs: release
            runs-on: ubuntu-latest
            container: ${{ needs.release.outputs.archive != '' && 'debian:bookworm' || 'swift:6.3-bookworm' }}
            env:
              GAZETTE_ARCHIVE: ${{ needs.release.outputs.archive }}
            steps:
              - name: Install git and curl (the Debian image has neither; checkout needs git for the history)
                run: |
                  if ! command -v git >/dev/null || ! command -v curl >/dev/null; then
                    apt-get update -qq
                    apt-get install -y -qq --no-install-recommends git curl ca-certificates
                  fi
              - uses: actions/checkout@v4
                with: { fetch-depth: 0 }   # journal dates come from git history
              - name: Trust the checkout (the container runs as another user)
                run: git config --global --add safe.directory "$GITHUB_WORKSPACE"
              - name: Install Gazette's release archive, its SHA-256 checked, and the packages it lists
                if: env.GAZETTE_ARCHIVE != ''
                run: |
                  cd "$RUNNER_TEMP"
                  archive=$(basename "$GAZETTE_ARCHIVE")
                  curl -fsSL --retry 3 -o "$archive" "$GAZETTE_ARCHIVE"
                  curl -fsSL --retry 3 -o "$archive.sha256" "$GAZETTE_ARCHIVE.sha256"
                  sha256sum -c "$archive.sha256"
                  mkdir -p "$GAZETTE_HOME"
                  tar -xzf "$archive" -C "$GAZETTE_HOME" --strip-components=1
                  apt-get update -qq
                  xargs apt-get install -y -qq --no-install-recommends < "$GAZETTE_HOME/runtime-packages.txt"
                  echo "$GAZETTE_HOME" >> "$GITHUB_PATH"
              - name: Restore Gazette's build
                if: env.GAZETTE_ARCHIVE == ''
                id: gazette-cache
                uses: actions/cache@v4
                with:
                  path: ${{ env.GAZETTE_SOURCE }}
                  key: gazette-${{ env.GAZETTE_VERSION }}-swift-6.3-bookworm
              - name: Get Gazette's source
                if: env.GAZETTE_ARCHIVE == '' && steps.gazette-cache.outputs.cache-hit != 'true'
                run: |
                  git init -q "$GAZETTE_SOURCE"
                  git -C "$GAZETTE_SOURCE" fetch -q --depth 1 "$GAZETTE_REPOSITORY" "$GAZETTE_VERSION"
                  git -C "$GAZETTE_SOURCE" checkout -q FETCH_HEAD
              - name: Install the Debian packages Gazette needs (its debian-packages.txt)
                if: env.GAZETTE_ARCHIVE == ''
                run: |
                  apt-get update -qq
                  sed 's/#.*//' "$GAZETTE_SOURCE/debian-packages.txt" | xargs apt-get install -y -qq --no-install-recommends
              - name: Build Gazette
                if: env.GAZETTE_ARCHIVE == ''
                run: |
                  swift build -c release --product gazette --package-path "$GAZETTE_SOURCE"
                  bin=$(swift build -c release --show-bin-path --package-path "$GAZETTE_SOURCE")
                  "$bin/gazette" prepare-fonts   # the fixed font slices, cut once and cached with the build
                  echo "$bin" >> "$GITHUB_PATH"

        """

    /// The week: fetch, commit back, build, publish, mail.
    static let workflowWeek =
        """
              - name: Check the pull request's journals (each problem marked on its line)
                if: github.event_name == 'pull_request'
                run: gazette check --format github
              - name: Fetch the week's articles
                if: github.event_name != 'pull_request'
                env:
                  NAVER_CLIENT_ID: ${{ secrets.NAVER_CLIENT_ID }}
                  NAVER_CLIENT_SECRET: ${{ secrets.NAVER_CLIENT_SECRET }}
                  NEWSAPI_KEY: ${{ secrets.NEWSAPI_KEY }}
                  MEDIASTACK_KEY: ${{ secrets.MEDIASTACK_KEY }}
                run: |
                  gazette --version
                  if ! grep -q '^sources:' gazette.yml; then
                    echo "::notice::gazette.yml has no sources: nothing to fetch"
                    exit 0
                  fi
                  status=0
                  gazette fetch || status=$?
                  # 3: some sources failed; what the others found is kept and published.
                  if [ "$status" -eq 3 ]; then echo "::warning::some news sources failed (see above)"; elif [ "$status" -ne 0 ]; then exit "$status"; fi
              - name: Commit the articles back, with what members pushed meanwhile
                if: github.event_name != 'pull_request'
                run: |
                  git add content/articles
                  if [ -d content/thumbnails ]; then git add content/thumbnails; fi
                  identity=(-c user.name="gazette" -c user.email="gazette@users.noreply.github.com")
                  if git diff --cached --quiet; then
                    echo "No new articles."
                  else
                    git "${identity[@]}" commit -q -m "Articles fetched $(date -u +%F)"
                  fi
                  # Members push journals and articles while this runs. Bring their commits in
                  # (week files merge line by line: content/articles/.gitattributes) and push
                  # again, a few times; never force. The site is built from what is pushed.
                  for attempt in 1 2 3 4 5; do
                    git "${identity[@]}" pull -q --rebase origin "$GITHUB_REF_NAME"
                    if [ -z "$(git rev-list "origin/$GITHUB_REF_NAME..HEAD")" ]; then exit 0; fi
                    if git push -q origin "HEAD:$GITHUB_REF_NAME"; then exit 0; fi
                    echo "::notice::$GITHUB_REF_NAME moved while pushing (attempt $attempt); bringing in the new commits"
                    sleep $((attempt * 2))
                  done
                  echo "::error::could not push the fetched articles after 5 attempts"
                  exit 1
              - name: Restore the site's build caches and the record of digests mailed
                if: github.event_name != 'pull_request'
                # Without the caches every Monday's build would be a clean one; without the record a
                # re-run would mail the group twice. Each run saves its own; the latest one of this
                # Gazette version is restored. Stale cache entries are not used: each is keyed by
                # what it was made from.
                uses: actions/cache@v4
                with:
                  path: |
                    .gazette/cache
                    .gazette/mail
                  key: gazette-site-${{ env.GAZETTE_VERSION }}-${{ github.run_id }}
                  restore-keys: gazette-site-${{ env.GAZETTE_VERSION }}-
              - name: Build the site
                if: github.event_name != 'pull_request'
                run: gazette build
              - name: Publish to GitHub Pages (the gh-pages branch)
                if: github.event_name != 'pull_request'
                run: gazette publish --remote origin --branch gh-pages
              - name: Mail last week's digest to the group
                if: github.event_name != 'pull_request'
                env:
                  SMTP_URL: ${{ secrets.SMTP_URL }}
                  SMTP_USERNAME: ${{ secrets.SMTP_USERNAME }}
                  SMTP_PASSWORD: ${{ secrets.SMTP_PASSWORD }}
                run: |
                  if [ -z "$SMTP_URL" ]; then
                    echo "::notice::no SMTP_URL secret: the digest is not mailed (docs/guides/mail.md)"
                    exit 0
                  fi
                  if ! grep -q '^mail:' gazette.yml; then
                    echo "::notice::gazette.yml has no mail: section: the digest is not mailed"
                    exit 0
                  fi
                  gazette mail --send

        """
}
