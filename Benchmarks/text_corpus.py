#!/usr/bin/env python3
"""Writes the deterministic paragraph corpus the text-layout accuracy benchmark measures.

usage: python3 Benchmarks/text_corpus.py OUT.json [--count N] [--seed S]

Same bytes on every run (seeded random.Random, no clock). Paragraphs are split evenly over nine
categories — korean, english, mixed, urls, long-words, numbers, quotes-brackets, emoji, markdown —
each paragraph tagged with exactly one. Lengths run from one word to about 120, with some very
short. Some paragraphs carry double, leading or trailing spaces (Chromium collapses them with
white-space: normal; the engine must too) and hyphenated words. Format:

  {"paragraphs": [{"id": "korean-0001", "category": "korean",
                   "runs": [{"text": "…", "kind": "plain"}, {"text": "…", "kind": "em"}, …]}]}

Run kinds are plain, em, strong and code. Only markdown paragraphs are built from mixed runs as a
rule; a few paragraphs of other categories carry an em, strong or code run too.
"""
import argparse
import json
import random
import sys

CATEGORIES = ["korean", "english", "mixed", "urls", "long-words", "numbers", "quotes-brackets",
              "emoji", "markdown"]

# ----------------------------------------------------------------------------------------------
# Korean word lists (news and study-journal style)

NOUNS = """정부 한국은행 기준금리 물가 경제 시장 투자자 기업 반도체 수출 정책 국회 예산안 대통령 장관
위원회 소비자 가계부채 부동산 전세 금융당국 환율 증시 코스피 일자리 청년 고용률 실업률 기후변화
탄소중립 재생에너지 전기차 배터리 인공지능 데이터 플랫폼 스타트업 연구진 대학 학생 교육부 의료계
병원 환자 지방자치단체 주민 교통 지하철 철도 공항 관광객 문화 영화 음악 공연 선수 대표팀 경기
날씨 태풍 폭염 미세먼지 농민 쌀값 가격 임금 노동자 노조 협상 합의 보고서 조사 결과 전문가 분석
전망 성장률 지표 통계청 소득 세금 재정 적자 흑자 무역 관세 공급망 생산 소비 대출 은행 보험 연금
복지 저출생 고령화 인구 도시 지역 수도권 지방 균형발전 주택 공급 재건축 분양 계약 법안 개정안
규제 논의 회의 발표 계획 방안 대책 우려 기대 효과 영향 변화 문제 과제 스터디 모임 기사 저널
독자 편집자 기자 논평 사설 칼럼 토론 질문 답변 요약 발제 자료 통화정책 재정정책 유동성 채권
국채 금값 유가 원자재 반도체주 외국인 개인투자자 기관 중앙은행 연준 물가상승률 소비심리 경기침체
경착륙 연착륙 구조조정 산업 제조업 서비스업 자영업자 소상공인 플랫폼노동 최저임금 근로시간""".split()

TIME_WORDS = """올해 내년 지난해 이번 주 지난달 다음 달 상반기 하반기 1분기 연말 연초 최근 당분간 오는 주말""".split()
ADVERBS = """크게 다소 꾸준히 빠르게 점차 여전히 다시 사실상 결국 특히 또한 이미 아직 더욱 상당히
조만간 일단 가장 모두 함께 직접 거의 곧 계속 분명히""".split()
ADJ = """새로운 주요 높은 낮은 불확실한 강한 약한 장기적인 단기적인 구체적인 실질적인 전반적인 다양한
큰 작은 중요한 어려운 뚜렷한 공격적인 신중한""".split()
TRANSITIVE = ["발표했다", "결정했다", "유지했다", "확대했다", "축소했다", "검토하고 있다", "추진한다",
              "마련하기로 했다", "강조했다", "지적했다", "제시했다", "요구했다", "받아들였다", "내놓았다",
              "공개했다", "비판했다", "분석했다", "조정했다", "점검했다", "논의할 예정이다"]
INTRANSITIVE = ["증가했다", "감소했다", "상승했다", "하락했다", "나타났다", "집계됐다", "예상된다",
                "전망된다", "분석된다", "보인다", "이어지고 있다", "커지고 있다", "줄어들었다",
                "멈췄다", "회복됐다", "둔화됐다", "급등했다", "급락했다", "안정됐다", "확산되고 있다"]
SAYING = ["밝혔다", "전했다", "말했다", "설명했다", "덧붙였다", "강조했다", "주장했다", "내다봤다"]
SPEAKERS = ["한 전문가", "관계자", "연구원", "이 총재", "김 장관", "박 교수", "업계 관계자",
            "시장 참가자", "한 위원", "최 기자", "발제자", "스터디 회원"]
CONNECT = ["하지만", "그러나", "또한", "한편", "다만", "이에 따라", "특히", "반면", "그럼에도", "결국"]
KOREAN_HYPHENATED = ["서울-부산", "한-미", "미-중", "2-3년", "인천-김포", "노-사", "수도권-지방"]
KOREAN_DOT = ["한·미", "수출·입", "여·야", "노·사·정", "한·중·일", "중·장기", "사회·경제적"]


def has_batchim(word):
    ch = word.rstrip("」』》〉’”)]'\"")[-1:] or word[-1]
    if "가" <= ch <= "힣":
        return (ord(ch) - 0xAC00) % 28 != 0
    return ch in "0136789LMNRlmnr"  # Latin and digits: by how the last sound is read


def particle(word, pair):
    with_final, without = pair.split("/")
    return word + (with_final if has_batchim(word) else without)


def topic(w):
    return particle(w, "은/는")


def subject(w):
    return particle(w, "이/가")


def obj(w):
    return particle(w, "을/를")


def noun_phrase(rng, nouns=NOUNS):
    r = rng.random()
    if r < 0.45:
        return rng.choice(nouns)
    if r < 0.75:
        return rng.choice(nouns) + "의 " + rng.choice(nouns)
    if r < 0.9:
        return rng.choice(ADJ) + " " + rng.choice(nouns)
    return rng.choice(KOREAN_DOT + KOREAN_HYPHENATED) + " " + rng.choice(nouns)


def korean_sentence(rng, nouns=NOUNS):
    t = rng.randrange(9)
    if t == 0:
        s = f"{topic(noun_phrase(rng, nouns))} {obj(noun_phrase(rng, nouns))} {rng.choice(ADVERBS)} {rng.choice(TRANSITIVE)}"
    elif t == 1:
        s = f"{subject(noun_phrase(rng, nouns))} {rng.choice(ADVERBS)} {rng.choice(INTRANSITIVE)}"
    elif t == 2:
        s = f"{rng.choice(TIME_WORDS)} {topic(rng.choice(nouns))} 전년 대비 {rng.choice(ADVERBS)} {rng.choice(INTRANSITIVE)}"
    elif t == 3:
        s = (f"{topic(rng.choice(SPEAKERS))} "
             f"{subject(noun_phrase(rng, nouns))} {rng.choice(INTRANSITIVE)}고 {rng.choice(SAYING)}")
    elif t == 4:
        s = (f"{rng.choice(CONNECT)} {topic(rng.choice(nouns))} {obj(rng.choice(nouns))} 두고 "
             f"{rng.choice(['의견이 엇갈린다', '논쟁이 이어지고 있다', '신중한 태도를 보였다', '입장을 바꾸지 않았다'])}")
    elif t == 5:
        s = (f"{subject(rng.choice(nouns))} {rng.choice(ADVERBS)} 늘어나면서 "
             f"{rng.choice(nouns)}에 대한 {subject(rng.choice(['우려', '관심', '기대', '부담', '압력']))} "
             f"{rng.choice(['커졌다', '높아졌다', '줄었다', '확산됐다'])}")
    elif t == 6:
        s = (f"이번 {rng.choice(['스터디', '모임', '토론', '발제'])}에서는 {particle(rng.choice(nouns), '과/와')} "
             f"{rng.choice(nouns)}의 관계를 {rng.choice(['짚어 봤다', '정리했다', '다시 읽었다', '비교해 봤다'])}")
    elif t == 7:
        s = (f"{particle(rng.choice(nouns), '과/와')} {rng.choice(nouns)} 사이의 "
             f"{subject(rng.choice(['격차', '간극', '연결고리', '차이']))} {rng.choice(['뚜렷해졌다', '좁혀지지 않고 있다', '드러났다'])}")
    else:
        s = (f"왜 {topic(rng.choice(nouns))} {rng.choice(ADVERBS)} "
             f"{rng.choice(['움직였을까', '달라졌을까', '멈췄을까', '중요할까'])}")
        return s + rng.choice(["?", "?", "…", "?!"])
    end = rng.random()
    if end < 0.85:
        return s + "."
    if end < 0.93:
        return s + "…"
    return s + "!"


def korean_fragment(rng, n):
    """A headline-like fragment of N (1–3) words."""
    pool = [rng.choice(NOUNS), rng.choice(NOUNS) + " " + rng.choice(["동결", "인상", "인하", "발표", "논란", "급등"]),
            "[속보] " + rng.choice(NOUNS), rng.choice(NOUNS) + "·" + rng.choice(NOUNS),
            rng.choice(KOREAN_HYPHENATED) + " " + rng.choice(NOUNS)]
    words = " ".join(pool[rng.randrange(len(pool))] for _ in range(3)).split()
    return " ".join(words[:n])


# ----------------------------------------------------------------------------------------------
# English

E_SUBJECTS = ["The central bank", "The government", "Investors", "The committee", "Analysts",
              "The study group", "Researchers", "The minister", "Exporters", "Households",
              "The company", "Regulators", "Economists", "The editor", "Our reading group",
              "Chip makers", "The well-known economist", "A long-term investor", "The board"]
E_VERBS = ["raised", "held", "cut", "announced", "reviewed", "questioned", "welcomed", "expected",
           "warned about", "published", "revised", "debated", "ignored", "underestimated",
           "followed", "doubled", "re-examined", "co-authored"]
E_OBJECTS = ["interest rates", "the budget", "inflation", "the exchange rate", "a new policy",
             "the quarterly report", "housing prices", "export figures", "the labour market",
             "semiconductor demand", "consumer sentiment", "the e-mail thread", "a state-of-the-art model",
             "supply chains", "the long-term outlook", "the bond market", "household debt",
             "the follow-up survey", "energy prices", "a cost-of-living package"]
E_TAILS = ["for the third time this year", "despite strong objections", "after a long debate",
           "without much warning", "as markets had expected", "in a surprise move",
           "ahead of the election", "to the surprise of many", "according to the report",
           "which nobody had predicted", "at Thursday's meeting", "while prices kept rising",
           "and promised to act if needed", "but didn't explain why", "so we're reading it again"]
E_OPENERS = ["However,", "Meanwhile,", "Still,", "In short,", "Yesterday", "This week", "As a result,",
             "On the other hand,", "Surprisingly,", "For now,", "In other words,"]


def english_sentence(rng):
    t = rng.randrange(5)
    if t == 0:
        s = f"{rng.choice(E_SUBJECTS)} {rng.choice(E_VERBS)} {rng.choice(E_OBJECTS)} {rng.choice(E_TAILS)}"
    elif t == 1:
        s = f"{rng.choice(E_OPENERS)} {rng.choice(E_SUBJECTS).lower()} {rng.choice(E_VERBS)} {rng.choice(E_OBJECTS)}"
    elif t == 2:
        s = (f"It's not clear whether {rng.choice(E_SUBJECTS).lower()} will keep {rng.choice(E_OBJECTS)} "
             f"unchanged, and {rng.choice(E_SUBJECTS).lower()} don't seem sure either")
    elif t == 3:
        s = (f"{rng.choice(E_SUBJECTS)} {rng.choice(E_VERBS)} {rng.choice(E_OBJECTS)}; "
             f"{rng.choice(E_SUBJECTS).lower()} {rng.choice(E_VERBS)} {rng.choice(E_OBJECTS)} instead")
    else:
        s = (f"Why did {rng.choice(E_SUBJECTS).lower()} {rng.choice(['wait', 'act', 'hesitate', 'change course'])} "
             f"{rng.choice(E_TAILS)}")
        return s + "?"
    return s + rng.choice([".", ".", ".", ".", "!", "…"])


# ----------------------------------------------------------------------------------------------
# Mixed Korean/English

LATIN_NOUNS = ["AI", "GPU", "OpenAI", "ChatGPT", "K-pop", "ESG", "IT", "API", "Apple", "Google",
               "Netflix", "iPhone", "Samsung Electronics", "SK hynix", "Fed", "ECB", "IMF", "OECD",
               "GDP", "CPI", "PCE", "ETF", "IPO", "M&A", "HBM", "LLM", "SaaS", "B2B", "NVIDIA",
               "TSMC", "Tesla", "startup", "fintech", "big tech", "soft landing", "tapering",
               "quantitative easing", "Swift", "GitHub", "open source", "COVID-19", "e-commerce",
               "YouTube", "BTS", "NewJeans", "Hyundai", "Kakao", "Naver", "Coupang", "USB-C"]


def mixed_sentence(rng):
    nouns = NOUNS + LATIN_NOUNS * 2
    s = korean_sentence(rng, nouns)
    if rng.random() < 0.3:
        s = s[:-1] + f" ({rng.choice(['English', 'via Reuters', 'Bloomberg', 'FT', 'WSJ', 'see also'])} {rng.choice(LATIN_NOUNS)})" + s[-1]
    return s


# ----------------------------------------------------------------------------------------------
# URLs and e-mail addresses

HOSTS = ["www.bok.or.kr", "news.example.co.kr", "github.com", "www.kostat.go.kr", "en.wikipedia.org",
         "www.federalreserve.gov", "blog.example.com", "docs.swift.org", "m.news.naver.com",
         "data.oecd.org", "www.youtube.com", "arxiv.org", "gazette.example.org", "한국.example.kr"]
PATH_WORDS = ["news", "2026", "11", "22", "rate-decision", "monetary-policy", "press-release",
              "swift-argument-parser", "blob", "main", "Sources", "ArgumentParser", "Parsing",
              "CommandParser.swift", "wiki", "Masonry_(layout)", "economy", "article", "view",
              "releases", "download", "eng", "board", "list.do", "articleView.html", "abs",
              "2411.01234v2", "feeds", "atom.xml", "journals", "weeks", "2026-W47", "tags", "%EA%B2%BD%EC%A0%9C"]
QUERY_KEYS = ["id", "utm_source", "utm_medium", "page", "lang", "q", "ref", "sort", "v", "idxno", "menuNo"]
EMAILS = ["press@bok.or.kr", "john.doe+news@example.com", "editor@gazette.example.org",
          "study-group@lists.example.kr", "hong.gildong@korea.ac.kr", "no-reply@github.com"]


def url(rng):
    scheme = rng.choice(["https://", "https://", "https://", "http://"])
    parts = [rng.choice(PATH_WORDS) for _ in range(rng.randrange(1, 7))]
    u = scheme + rng.choice(HOSTS) + "/" + "/".join(parts)
    if rng.random() < 0.5:
        q = "&".join(f"{rng.choice(QUERY_KEYS)}={rng.choice(['12345', 'gazette', 'ko', 'newsletter', 'a1b2c3', '2', 'date-desc', 'dQw4w9WgXcQ'])}"
                     for _ in range(rng.randrange(1, 4)))
        u += "?" + q
    if rng.random() < 0.2:
        u += "#" + rng.choice(["L120", "section-2", "references", "top"])
    if rng.random() < 0.15:
        u += "/"
    return u


def urls_sentence(rng):
    u = url(rng)
    e = rng.choice(EMAILS)
    t = rng.randrange(8)
    if t == 0:
        return f"자세한 내용은 {u} 에서 확인할 수 있다."
    if t == 1:
        return f"원문: {u}"
    if t == 2:
        return f"See {u} for the full text of the decision."
    if t == 3:
        return f"보도자료({u})에 따르면 {korean_sentence(rng)}"
    if t == 4:
        return f"문의는 {e}로 보내 주세요. 자료는 {u}에 있다."
    if t == 5:
        return f"Send questions to {e} or open an issue at {u}."
    if t == 6:
        return f"링크 {u}와 {url(rng)}를 비교해 보자."
    return f"{u}"


# ----------------------------------------------------------------------------------------------
# Long words

GERMAN = ["Donaudampfschifffahrtsgesellschaftskapitän", "Kraftfahrzeughaftpflichtversicherung",
          "Rindfleischetikettierungsüberwachungsaufgabenübertragungsgesetz",
          "Arbeiterunfallversicherungsgesetz", "Geschwindigkeitsbegrenzung", "Bundesverfassungsgericht",
          "Grundstücksverkehrsgenehmigungszuständigkeitsübertragungsverordnung",
          "Lebensabschnittsgefährte", "Verbraucherpreisindex", "Zentralbankgeldmenge"]
IDENTIFIERS = ["URLSessionConfiguration", "NSLayoutConstraint", "AbstractSingletonProxyFactoryBean",
               "handleIncomingWebSocketConnectionRequest", "snake_case_very_long_identifier_name",
               "SCREAMING_CONSTANT_VALUE_NAME", "CFStringCreateWithBytesNoCopy",
               "UITableViewDelegateFlowLayoutInvalidationContext", "kCFStreamPropertySSLSettings",
               "java.util.concurrent.ConcurrentHashMap", "std::unordered_map<std::string,int>",
               "/usr/share/fonts/truetype/nanum/NanumGothicBold.ttf", "node_modules/.bin/webpack-dev-server",
               "supercalifragilisticexpialidocious", "pneumonoultramicroscopicsilicovolcanoconiosis"]
LONG_KO_PARTS = ["대한민국", "국가", "균형발전", "위원회", "초고속", "인터넷", "서비스", "제공", "사업자",
                 "지방자치단체", "재정", "건전성", "강화", "특별", "법률", "개정안", "시행령", "가계부채",
                 "관리", "종합", "대책", "반도체", "산업", "경쟁력", "지원", "기본계획"]


def hexdigits(rng, n):
    return "".join(rng.choice("0123456789abcdef") for _ in range(n))


def long_word(rng):
    t = rng.randrange(6)
    if t == 0:
        return rng.choice(GERMAN)
    if t == 1:
        return rng.choice(IDENTIFIERS)
    if t == 2:
        return rng.choice([hexdigits(rng, 64), hexdigits(rng, 40), hexdigits(rng, 7),
                           f"{hexdigits(rng, 8)}-{hexdigits(rng, 4)}-{hexdigits(rng, 4)}-{hexdigits(rng, 4)}-{hexdigits(rng, 12)}"])
    if t == 3:
        return "".join(rng.choice(LONG_KO_PARTS) for _ in range(rng.randrange(4, 10)))
    if t == 4:
        alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
        return "".join(rng.choice(alphabet) for _ in range(rng.randrange(24, 80))) + "=="
    return rng.choice(GERMAN) + rng.choice(["-Reform", "-Debatte", "s", "-Gesetz"])


def long_words_sentence(rng):
    w = long_word(rng)
    t = rng.randrange(6)
    if t == 0:
        return f"{topic(w)} {rng.choice(['가장 긴 단어다.', '이번 주 토론 주제였다.', '여전히 논란이다.'])}"
    if t == 1:
        return f"The word {w} appears {rng.randrange(2, 40)} times in the report."
    if t == 2:
        return f"커밋 {w}에서 {korean_sentence(rng)}"
    if t == 3:
        return f"{w}"
    if t == 4:
        return f"{korean_sentence(rng)[:-1]}({w})."
    return f"Set {w} before calling {rng.choice(IDENTIFIERS)}."


# ----------------------------------------------------------------------------------------------
# Numbers


def number_token(rng):
    r = rng.randrange(20)
    return [
        lambda: f"{rng.randrange(0, 9)}.{rng.randrange(0, 9)}%",
        lambda: f"{rng.randrange(1, 99)},{rng.randrange(0, 999):03d}원",
        lambda: f"2026-{rng.randrange(1, 13):02d}-{rng.randrange(1, 29):02d}",
        lambda: f"{rng.randrange(0, 24)}:{rng.randrange(0, 60):02d}",
        lambda: f"${rng.randrange(1, 100)}.{rng.randrange(0, 100):02d}",
        lambda: f"{rng.randrange(1, 300)}km/h",
        lambda: f"±{rng.randrange(0, 3)}.{rng.randrange(1, 10)}",
        lambda: f"{rng.randrange(2, 10)}×{rng.randrange(2, 10)}",
        lambda: f"{rng.randrange(1, 4)}/{rng.randrange(2, 9)}",
        lambda: f"{rng.randrange(1, 20)}~{rng.randrange(20, 90)}",
        lambda: f"{rng.randrange(-5, 5)}.{rng.randrange(1, 10)}%p",
        lambda: f"{rng.randrange(1, 999)}.{rng.randrange(1, 10)}조 원",
        lambda: f"{rng.randrange(-10, 40)}.{rng.randrange(0, 10)}℃",
        lambda: f"{rng.randrange(10, 200)}㎡",
        lambda: f"제{rng.randrange(1, 30)}차",
        lambda: f"2026년 {rng.randrange(1, 13)}월 {rng.randrange(1, 29)}일",
        lambda: f"오전 {rng.randrange(1, 12)}시 {rng.randrange(0, 60)}분",
        lambda: f"€{rng.randrange(1, 100)},{rng.randrange(0, 100):02d}",
        lambda: f"{rng.randrange(1, 100)}–{rng.randrange(100, 200)} bp",
        lambda: f"{rng.randrange(1000, 99999):,}",
    ][r]()


def numbers_sentence(rng):
    a, b, c = number_token(rng), number_token(rng), number_token(rng)
    t = rng.randrange(7)
    if t == 0:
        return f"{topic(rng.choice(NOUNS))} {a}에서 {b}로 {rng.choice(INTRANSITIVE)}"
    if t == 1:
        return f"{rng.choice(TIME_WORDS)} {subject(rng.choice(NOUNS))} {a} {rng.choice(['올랐다.', '내렸다.', '늘었다.', '줄었다.'])}"
    if t == 2:
        return f"Prices rose {a} on {b}, then fell {c} by 10:30."
    if t == 3:
        return f"({a}, {b}, {c})"
    if t == 4:
        return f"회의는 {b} {number_token(rng)}에 열리며, 예상치는 {a}({c})다."
    if t == 5:
        return f"{a}"
    return f"Item No. {rng.randrange(1, 99)}: {a} × {rng.randrange(2, 12)} = {b}; 1st, 2nd and {rng.randrange(3, 9)}th place."


# ----------------------------------------------------------------------------------------------
# Quotes and brackets

def quotes_sentence(rng):
    k = korean_sentence(rng)[:-1]
    t = rng.randrange(14)
    if t == 0:
        return f"{topic(rng.choice(SPEAKERS))} “{k}”라고 {rng.choice(SAYING)}"
    if t == 1:
        return f"{subject('‘' + rng.choice(NOUNS) + ' ' + rng.choice(['동결', '인상', '쇼크', '효과']) + '’')} {rng.choice(['유력하다.', '관건이다.', '화두다.'])}"
    if t == 2:
        return f"{particle('「' + rng.choice(['서시', '별 헤는 밤', '진달래꽃', '님의 침묵']) + '」', '과/와')} {obj('『' + rng.choice(['토지', '태백산맥', '소년이 온다', '채식주의자']) + '』')} 함께 읽었다."
    if t == 3:
        return f"{topic('《' + rng.choice(['한겨레', '조선일보', '경향신문', '중앙일보']) + '》')} {obj('〈' + rng.choice(['기생충', '오징어 게임', '헤어질 결심']) + '〉')} 다시 다뤘다."
    if t == 4:
        return f"【{rng.choice(['속보', '단독', '해설'])}】 {k}."
    if t == 5:
        return f"[단독] {k} (연합뉴스)"
    if t == 6:
        return f"He said, “We’re not there yet.” Then: “{rng.choice(E_OBJECTS).capitalize()}?”"
    if t == 7:
        return f"The report’s title was ‘{rng.choice(E_OBJECTS)}’, not \"{rng.choice(E_OBJECTS)}\"."
    if t == 8:
        return f"“{k}.”—{rng.choice(SPEAKERS)}"
    if t == 9:
        return f"그는 \"{k}\"고 했고, 'why now?'라고 되물었다."
    if t == 10:
        return f"(참고: “{english_sentence(rng)}”)"
    if t == 11:
        return f"“{rng.choice(NOUNS)}”, “{rng.choice(NOUNS)}”, “{rng.choice(NOUNS)}”."
    if t == 12:
        return f"‘{rng.choice(NOUNS)}(‘{rng.choice(LATIN_NOUNS)}’)’라는 표현은 [{rng.choice(NOUNS)}]에서 왔다."
    return f"『{rng.choice(NOUNS)}』, 「{rng.choice(NOUNS)}」; 《{rng.choice(NOUNS)}》! 〈{rng.choice(NOUNS)}〉?"


# ----------------------------------------------------------------------------------------------
# Emoji

EMOJI = ["😀", "🎉", "🔥", "✅", "🚀", "❤️", "☕", "⭐", "📈", "📉", "💡", "🙏", "😂", "🤔", "👀",
         "👩‍💻", "👨‍👩‍👧‍👦", "🏳️‍🌈", "🧑🏻‍🔬", "👍🏽", "👋🏿", "🙌🏻", "🇰🇷", "🇺🇸", "🇯🇵", "🇪🇺",
         "1️⃣", "2️⃣", "#️⃣", "*️⃣", "☺️", "✌️", "🫠", "🥲", "📰", "🧵"]


def emoji_run(rng, n=None):
    return "".join(rng.choice(EMOJI) for _ in range(n or rng.randrange(1, 4)))


def emoji_sentence(rng):
    t = rng.randrange(8)
    if t == 0:
        return f"{korean_sentence(rng)}{emoji_run(rng)}"
    if t == 1:
        return f"{rng.choice(['좋아요', '축하해', '대박', '고마워요', '화이팅', '읽어 보세요'])}{emoji_run(rng)}"
    if t == 2:
        return f"{english_sentence(rng)} {emoji_run(rng)}"
    if t == 3:
        return f"{emoji_run(rng)} {korean_sentence(rng)}"
    if t == 4:
        return f"{rng.choice(NOUNS)}{emoji_run(rng, 1)}{rng.choice(NOUNS)}{emoji_run(rng, 1)}{rng.choice(NOUNS)}"
    if t == 5:
        return emoji_run(rng, rng.randrange(1, 12))
    if t == 6:
        return f"{rng.choice(['1️⃣', '2️⃣', '#️⃣'])} {rng.choice(NOUNS)} 🇰🇷 vs 🇺🇸 {rng.choice(NOUNS)}"
    return f"Great job 👏👏 — {rng.choice(['see you next week', '정말 잘 썼어요', 'thanks!'])} {emoji_run(rng)}"


# ----------------------------------------------------------------------------------------------
# Markdown runs

CODE = ["gazette build", "swift build -c release", "git commit --amend", "let x = y ?? 0",
        "/usr/share/fonts", "URLSession.shared.dataTask(with:)", "content/journals/2026-11-18-rate-hike.md",
        "make test", "print(\"안녕\")", "data-h", "grid-template-columns", "SOURCE_DATE_EPOCH",
        "--base-url", "npm install --save-dev", "x[i] = f(x[i-1])", "ls -la", "https://example.com/a?b=c",
        "UITableViewDelegate", "0x1F600", "sha256sum", "font-display: block", "<p lang=\"ko\">"]


def markdown_paragraph(rng, target):
    runs = []
    words = 0
    while words < target:
        r = rng.random()
        if r < 0.45:
            text = rng.choice([korean_sentence, english_sentence, mixed_sentence])(rng)
            kind = "plain"
        elif r < 0.6:
            text = rng.choice([noun_phrase(rng), rng.choice(E_OBJECTS), korean_sentence(rng)[:-1]])
            kind = "em"
        elif r < 0.75:
            text = rng.choice([noun_phrase(rng), rng.choice(E_SUBJECTS), rng.choice(ADJ) + " " + rng.choice(NOUNS)])
            kind = "strong"
        else:
            text = rng.choice(CODE)
            kind = "code"
        words += len(text.split())
        runs.append([kind, text])
    # Glue: plain text between runs, with particles stuck to a code/em run or a space.
    out = []
    for i, (kind, text) in enumerate(runs):
        if i:
            prev_kind = runs[i - 1][0]
            if kind == "plain" and prev_kind == "plain":
                out[-1]["text"] += " " + text
                continue
            if kind != "plain" and prev_kind != "plain":
                glue = rng.choice([" ", "와 ", ", ", " and ", "·", " — "])
                out.append({"text": glue, "kind": "plain"})
            elif kind == "plain":
                # After an em/strong/code run: a particle stuck to it, or punctuation, or a space.
                lead = rng.choice(["를 ", "는 ", "에서 ", ". ", ", ", " ", " ", "): ", "의 "])
                text = lead + text
            else:
                if not out[-1]["text"].endswith(" ") and rng.random() < 0.8:
                    out[-1]["text"] += " "
        out.append({"text": text, "kind": kind})
    if out[-1]["kind"] != "plain" and rng.random() < 0.6:
        out.append({"text": rng.choice([".", "를 읽었다.", "!", " 참고.", "), 끝."]), "kind": "plain"})
    return out


# ----------------------------------------------------------------------------------------------

SENTENCE = {
    "korean": korean_sentence, "english": english_sentence, "mixed": mixed_sentence,
    "urls": urls_sentence, "long-words": long_words_sentence, "numbers": numbers_sentence,
    "quotes-brackets": quotes_sentence, "emoji": emoji_sentence,
}


def target_words(rng):
    r = rng.random()
    if r < 0.12:
        return rng.randrange(1, 4)
    if r < 0.32:
        return rng.randrange(4, 16)
    if r < 0.72:
        return rng.randrange(16, 61)
    return rng.randrange(61, 121)


def trim_words(text, n):
    words = text.split(" ")
    return " ".join(words[:n]) if len(words) > n else text


def plain_paragraph(rng, category, target):
    if target <= 3 and category in ("korean", "mixed"):
        return [{"text": korean_fragment(rng, target), "kind": "plain"}]
    sentences, words = [], 0
    while words < target:
        s = SENTENCE[category](rng)
        sentences.append(s)
        words += len(s.split())
    text = " ".join(sentences)
    if target <= 3:
        text = trim_words(text, target)
    runs = [{"text": text, "kind": "plain"}]
    # A few paragraphs outside markdown carry one em/strong/code run.
    if rng.random() < 0.06 and " " in text:
        words = text.split(" ")
        i = rng.randrange(len(words))
        kind = rng.choice(["em", "strong", "code"])
        before, mid, after = " ".join(words[:i]), words[i], " ".join(words[i + 1:])
        runs = [r for r in ({"text": before + (" " if before else ""), "kind": "plain"},
                            {"text": mid, "kind": kind},
                            {"text": (" " if after else "") + after, "kind": "plain"}) if r["text"]]
    return runs


def add_space_quirks(rng, runs):
    """Double spaces inside, or a leading/trailing space — as journals really contain."""
    r = rng.random()
    if r < 0.06:
        i = rng.randrange(len(runs))
        t = runs[i]["text"]
        spaces = [j for j, ch in enumerate(t) if ch == " "]
        if spaces and runs[i]["kind"] != "code":
            j = rng.choice(spaces)
            runs[i]["text"] = t[:j] + rng.choice(["  ", "   ", " \u00a0"]) + t[j + 1:]
    elif r < 0.09:
        runs[-1]["text"] += rng.choice([" ", "  "])
    elif r < 0.11:
        runs[0]["text"] = " " + runs[0]["text"]
    return runs


def paragraphs(count, seed):
    per = [count // len(CATEGORIES) + (1 if i < count % len(CATEGORIES) else 0) for i in range(len(CATEGORIES))]
    out = []
    for category, n in zip(CATEGORIES, per):
        rng = random.Random(f"gazette-text-corpus/{seed}/{category}")
        for k in range(n):
            target = target_words(rng)
            if category == "markdown":
                runs = markdown_paragraph(rng, target)
            else:
                runs = plain_paragraph(rng, category, target)
            runs = add_space_quirks(rng, runs)
            out.append({"id": f"{category}-{k + 1:04d}", "category": category, "runs": runs})
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", help="where to write the corpus (JSON)")
    parser.add_argument("--count", type=int, default=1200, help="paragraphs in all (default 1200)")
    parser.add_argument("--seed", default="1", help="corpus seed (default 1)")
    args = parser.parse_args()
    if args.count < len(CATEGORIES):
        parser.error(f"--count must be at least {len(CATEGORIES)} (one per category)")
    items = paragraphs(args.count, args.seed)
    body = '{"paragraphs": [\n' + ",\n".join(json.dumps(p, ensure_ascii=False) for p in items) + "\n]}\n"
    with open(args.out, "w", encoding="utf-8") as f:
        f.write(body)
    print(f"{args.out}: {len(items)} paragraphs in {len(CATEGORIES)} categories")


if __name__ == "__main__":
    sys.exit(main())
