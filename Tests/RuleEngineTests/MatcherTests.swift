import RuleEngine
import SwiftLexer
import Testing

/// The matcher end to end: rules loaded from JSON, files lexed by the real lexer.
@Suite struct MatcherTests {
  /// A JSON string literal for `text`.
  static func json(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\u{0}"..."\u{1F}":
        let hex = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }

  /// `"pattern": "…"`, escaped.
  static func pattern(_ text: String) -> String { "\"pattern\": \(json(text))" }

  /// A catalogue with one rule per matcher (JSON members without braces), ids `r0`, `r1`, ….
  static func catalog(_ matchers: [String]) throws -> RuleCatalog {
    let rules = matchers.enumerated().map { index, members in
      """
      {"id": "r\(index)", "category": "subject", "severity": "note", "message": "m", "help": "h", \(members)}
      """
    }
    let text = "{\"version\": 1, \"rules\": [" + rules.joined(separator: ",\n") + "]}"
    return try RuleCatalog.load(Array(text.utf8), source: "test.json", knownDetectors: ["d"])
  }

  /// The matched texts of a one-rule catalogue, in order.
  static func texts(_ members: String, in source: String) throws -> [String] {
    let bytes = Array(source.utf8)
    let catalog = try catalog([members])
    return Matcher(rules: catalog.rules).matches(in: Lexer.tokenize(bytes)).map {
      String(decoding: bytes[$0.bytes], as: UTF8.self)
    }
  }

  static func matches(_ members: String, in source: String) throws -> [Match] {
    try Matcher(rules: catalog([members]).rules).matches(in: Lexer.tokenize(Array(source.utf8)))
  }

  static func binding(_ name: String, of match: Match, in source: String) -> String? {
    match.binding(name).map { String(decoding: Array(source.utf8)[$0.bytes], as: UTF8.self) }
  }

  // MARK: - Literals and brackets

  @Test func literalTokensAndNestedBrackets() throws {
    let source = "x = f(a[b{c}]) + f(a[b]) + f(a[b{c}], d)"
    #expect(try Self.texts(Self.pattern("f(a[b{c}])"), in: source) == ["f(a[b{c}])"])
  }

  @Test func whitespaceAndCommentsAreIgnored() throws {
    let source = "foo (\n  a, // first\n  /* b */ b\n)"
    #expect(try Self.texts(Self.pattern("foo(a, b)"), in: source) == ["foo (\n  a, // first\n  /* b */ b\n)"])
  }

  @Test func keywordsIdentifiersAndOperatorsMatchByText() throws {
    // `!` is a prefix operator in the pattern, an exclamation mark after `x` in the source.
    #expect(try Self.texts(Self.pattern("x !"), in: "let y = x!") == ["x!"])
    #expect(try Self.texts(Self.pattern("`default`.value"), in: "let v = default.value") == ["default.value"])
  }

  @Test func domainShapesFromTheCatalogue() throws {
    let source = """
      @Published private(set) var query = ""
      $query.debounce(for: 0.3, scheduler: RunLoop.main).removeDuplicates().sink { print($0) }
      for await value in feed.values { use(value) }
      """
    #expect(
      try Self.texts(Self.pattern("@Published $$$ var $NAME"), in: source) == ["@Published private(set) var query"])
    let sinks = try Self.matches(Self.pattern("$SOURCE.debounce($$$)"), in: source)
    #expect(sinks.map { Self.binding("SOURCE", of: $0, in: source) } == ["$query"])
    #expect(try Self.texts(Self.pattern("for await $V in $$$ .values { $$$ }"), in: source).count == 1)
  }

  // MARK: - $$$

  @Test func runAtStart() throws {
    #expect(try Self.texts(Self.pattern("$$$ Task { $$$ }"), in: "a(); Task { work() }") == ["Task { work() }"])
  }

  @Test func runInTheMiddle() throws {
    let source = "foo(a, (b, c), last); foo(last); foo(a, b)"
    #expect(try Self.texts(Self.pattern("foo($$$, last)"), in: source) == ["foo(a, (b, c), last)"])
    #expect(try Self.texts(Self.pattern("foo($$$ last)"), in: source) == ["foo(a, (b, c), last)", "foo(last)"])
  }

  @Test func runAtEnd() throws {
    let source = "foo(first); foo(first, a, [b]); foo(second, a)"
    #expect(try Self.texts(Self.pattern("foo(first, $$$)"), in: source) == ["foo(first, a, [b])"])
    // A trailing run at the top level matches as little as it can: nothing.
    #expect(try Self.texts(Self.pattern("foo $$$"), in: source) == ["foo", "foo", "foo"])
  }

  @Test func runAlone() throws {
    let source = "foo(); foo(a, [b], { c }); foo"
    #expect(try Self.texts(Self.pattern("foo($$$)"), in: source) == ["foo()", "foo(a, [b], { c })"])
    #expect(try Self.texts(Self.pattern("{ ... }"), in: source) == ["{ c }"])
  }

  @Test func runNeverCrossesAnEnclosingCloser() throws {
    #expect(try Self.texts(Self.pattern("a $$$ b"), in: "(a x) b") == [])
    #expect(try Self.texts(Self.pattern("a $$$ b"), in: "a (x) [y] {z} b") == ["a (x) [y] {z} b"])
    #expect(try Self.texts(Self.pattern("{ a $$$ }"), in: "{ a } b }") == ["{ a }"])
  }

  @Test func namedRunBindsTheRun() throws {
    let source = "foo(a, b)"
    let match = try #require(try Self.matches(Self.pattern("foo($$$ARGS)"), in: source).first)
    #expect(Self.binding("ARGS", of: match, in: source) == "a, b")
    let empty = try #require(try Self.matches(Self.pattern("foo($$$ARGS)"), in: "foo()").first)
    #expect(empty.binding("ARGS")?.positions.isEmpty == true)
  }

  // MARK: - Metavariables

  @Test func repeatedMetavariableMustMatchTheSameText() throws {
    let source = "x == x; x == y; [a, b] == [ a,b ]; a.b == a"
    #expect(try Self.texts(Self.pattern("$A == $A"), in: source) == ["x == x", "[a, b] == [ a,b ]"])
  }

  @Test func metavariableBindsAGroup() throws {
    let source = "foo((a, b)); foo(a, b); foo([1])"
    let found = try Self.matches(Self.pattern("foo($X)"), in: source)
    #expect(found.map { Self.binding("X", of: $0, in: source) } == ["(a, b)", "[1]"])
  }

  @Test func metavariableBindsAWholeStringLiteral() throws {
    let source = ##"foo("a \(b) c"); foo(#"raw"#); foo("x" + y)"##
    let found = try Self.matches(Self.pattern("foo($X)"), in: source)
    #expect(found.map { Self.binding("X", of: $0, in: source) } == [#""a \(b) c""#, ##"#"raw"#"##])
  }

  @Test func metavariableBeforeTheAnchorMatchesBackwards() throws {
    let source = #"let n = "abc".count + items.count + f(x).count"#
    let found = try Self.matches(Self.pattern("$X.count"), in: source)
    #expect(found.map { Self.binding("X", of: $0, in: source) } == [#""abc""#, "items", "(x)"])
  }

  @Test func dollarZeroInAPatternIsLiteral() throws {
    let source = "xs.map { $0 + 1 }; ys.map { $1 }"
    #expect(try Self.texts(Self.pattern("{ $0 + $$$ }"), in: source) == ["{ $0 + 1 }"])
  }

  @Test func stringLiteralInAPatternMatchesTheWholeLiteral() throws {
    let source = #"log("done"); log("done!"); log(done)"#
    #expect(try Self.texts(Self.pattern(#"log("done")"#), in: source) == [#"log("done")"#])
  }

  // MARK: - Relations, any, all

  @Test func insideAndNotInsideAtDepth() throws {
    let source = """
      Deferred { Future { p in if x { Task { } } } }
      Future { p in Task { } }
      """
    let inside = Self.pattern("Task { $$$ }") + ", \"inside\": {" + Self.pattern("Deferred { $$$ }") + "}"
    #expect(try Self.texts(inside, in: source) == ["Task { }"])
    let notInside = Self.pattern("Task { $$$ }") + ", \"not-inside\": {" + Self.pattern("Deferred { $$$ }") + "}"
    #expect(try Self.texts(notInside, in: source).count == 1)
    #expect(try Self.matches(notInside, in: source).first?.bytes.lowerBound == 61)
  }

  @Test func hasAndNotHasAtDepth() throws {
    let source = "sink { a in if a { print(a) } }; sink { b in }"
    let has = Self.pattern("sink { $$$ }") + ", \"has\": {" + Self.pattern("print($$$)") + "}"
    #expect(try Self.texts(has, in: source) == ["sink { a in if a { print(a) } }"])
    let notHas = Self.pattern("sink { $$$ }") + ", \"not-has\": {" + Self.pattern("print($$$)") + "}"
    #expect(try Self.texts(notHas, in: source) == ["sink { b in }"])
  }

  @Test func relationsNestInsideRelations() throws {
    let source = "outer { inner { x } }; other { inner { x } }; outer { inner { y } }"
    let members =
      Self.pattern("inner { $$$ }") + ", \"inside\": {" + Self.pattern("outer { $$$ }") + "}, \"has\": {"
      + Self.pattern("x") + "}"
    #expect(try Self.texts(members, in: source) == ["inner { x }"])
  }

  /// A file is passed over early when no pattern a rule can match through alone may run; a
  /// relation's pattern alone (or a base anchor only inside a string) must not match, and a base
  /// pattern reached through `any` under a relation must still be found.
  @Test func onlyBasePatternsDecideWhetherAFileIsMatched() throws {
    let inside = Self.pattern("Task { $$$ }") + ", \"inside\": {" + Self.pattern("Deferred { $$$ }") + "}"
    #expect(try Self.texts(inside, in: "Deferred { run() }").isEmpty)
    #expect(try Self.texts(inside, in: #"Deferred { log("Task { }") }"#).isEmpty)
    #expect(try Self.texts(inside, in: #"Deferred { log("Task {"); Task { } }"#) == ["Task { }"])
    let anyUnderRelation =
      "\"any\": [{" + Self.pattern("Just($$$)") + "}, {" + Self.pattern("Fail(error: $$$)") + "}], \"not-inside\": {"
      + Self.pattern("Deferred { $$$ }") + "}"
    #expect(try Self.texts(anyUnderRelation, in: "let f = Fail(error: e)") == ["Fail(error: e)"])
  }

  @Test func anyAndAll() throws {
    let source = "PassthroughSubject<Int, Never>(); CurrentValueSubject<Int, Never>(0); Just(1)"
    let any = "\"any\": [{" + Self.pattern("PassthroughSubject") + "}, {" + Self.pattern("CurrentValueSubject") + "}]"
    #expect(try Self.texts(any, in: source) == ["PassthroughSubject", "CurrentValueSubject"])
    let all =
      "\"all\": [{" + Self.pattern("$S < $$$ > ($$$)") + "}, {" + Self.pattern("CurrentValueSubject $$$ (0)") + "}]"
    let found = try Self.matches(all, in: source)
    #expect(found.count == 1)
    #expect(found.first.map { Self.binding("S", of: $0, in: source) } == "CurrentValueSubject")
  }

  @Test func anyReportsARangeOnce() throws {
    let any = "\"any\": [{" + Self.pattern("foo()") + "}, {" + Self.pattern("foo($$$)") + "}]"
    #expect(try Self.texts(any, in: "foo()") == ["foo()"])
  }

  // MARK: - The Future-containing-Task rule

  static let futureTask = """
    "any": [
      {\(pattern("Future { $$$ }"))},
      {\(pattern("Future < $$$ > { $$$ }"))},
      {\(pattern("Future ( $$$ ) { $$$ }"))}
    ],
    "has": {\(pattern("Task { $$$ }"))},
    "not-inside": {\(pattern("Deferred { $$$ }"))}
    """

  @Test func futureContainingTaskInEverySpelling() throws {
    let source = """
      let a = Future { promise in Task { promise(.success(await load())) } }
      let b = Future<Data, Error> { promise in
        log("start")
        Task { promise(.success(try await fetch())) }
      }
      let c = Future(label: "x") { promise in Task { } }
      let d = Future { $p in if ok { Task { } } }
      let e = Deferred { Future { promise in Task { } } }
      let f = Future { promise in promise(.success(1)) }
      """
    let found = try Self.texts(Self.futureTask, in: source)
    #expect(found.count == 4)
    #expect(found.map { $0.prefix(13) } == ["Future { prom", "Future<Data, ", "Future(label:", "Future { $p i"])
  }

  @Test func theBriefsPatternWithPromiseAndRuns() throws {
    let members = Self.pattern("Future { $PROMISE in $$$ Task { $$$ } $$$ }")
    let source = "Future { promise in let x = 1; Task { await f(promise) }; log(x) }"
    let found = try Self.matches(members, in: source)
    #expect(found.count == 1)
    #expect(found.first.map { Self.binding("PROMISE", of: $0, in: source) } == "promise")
    #expect(found.first?.bytes == 0..<source.utf8.count)
  }

  // MARK: - Comments, strings, regex literals

  @Test func noMatchInCommentsStringsOrRegexLiterals() throws {
    let lines = [
      "// Future { promise in Task { } }",
      "/* Future { promise in Task { } } */",
      "/// Future { promise in Task { } }",
      #"let s = "Future { promise in Task { } }""#,
      #"let m = """"#,
      "  Future { promise in Task { } }",
      #"  """"#,
      ##"let r = #"Future { promise in Task { } }"#"##,
      ##"let rm = #""""##,
      "  Future { promise in Task { } }",
      ##"  """#"##,
      ##"let re = #/Future \{ promise in Task \{ \} \}/#"##,
      "let re2 = /Future { promise in Task/",
    ]
    let source = lines.joined(separator: "\n")
    #expect(try Self.texts(Self.futureTask, in: source) == [])
    #expect(try Self.texts(Self.pattern("Task"), in: source) == [])
  }

  @Test func codeInsideAnInterpolationMatches() throws {
    let source = #"print("made \(Future { p in Task { } }) and \("Task") done")"#
    #expect(try Self.texts(Self.futureTask, in: source) == ["Future { p in Task { } }"])
    #expect(try Self.texts(Self.pattern("Task { $$$ }"), in: source) == ["Task { }"])
  }

  @Test func aMatchNeverCrossesAStringBoundary() throws {
    let source = #"let s = "prefix \(foo) suffix"; bar; let t = "foo"; bar"#
    #expect(try Self.texts(Self.pattern("foo $$$ bar"), in: source) == [])
    #expect(try Self.texts(Self.pattern("foo"), in: source) == ["foo"])
    // A whole literal is one unit that a run may step over.
    #expect(try Self.texts(Self.pattern("let t = $$$ bar"), in: source) == [#"let t = "foo"; bar"#])
  }

  @Test func skipInNeverReEnablesMatchesInLiterals() throws {
    let members = Self.pattern("Task { $$$ }") + #", "skip-in": ["comment"]"#
    #expect(try Self.texts(members, in: #"let s = "Task { }"; Task { }"#) == ["Task { }"])
    #expect(try Self.matches(members, in: #"let s = "Task { }"; Task { }"#).first?.bytes.lowerBound == 20)
  }

  @Test func codeAfterAnUnterminatedStringStillMatches() throws {
    let source = "let s = \"open\nTask { }\nlet t = \"x\" + \"y"
    #expect(try Self.texts(Self.pattern("Task { $$$ }"), in: source) == ["Task { }"])
    #expect(try Self.texts(Self.pattern("$X + $Y"), in: source) == [])
  }

  // MARK: - Scale

  @Test func pathologicalRunsFinishWithTheRightAnswer() throws {
    let noMatch = "c " + String(repeating: "a b ", count: 20_000)
    #expect(try Self.texts(Self.pattern("$$$ a $$$ b $$$ c"), in: noMatch) == [])
    let oneEnd = String(repeating: "a b ", count: 5_000) + "c"
    let found = try Self.matches(Self.pattern("$$$ a $$$ b $$$ c"), in: oneEnd)
    #expect(found.count == 5_000)
    #expect(found.last.map { Array(Array(oneEnd.utf8)[$0.bytes]) } == Array("a b c".utf8))
    let repeated = "c " + String(repeating: "a b ", count: 5_000)
    #expect(try Self.texts(Self.pattern("$X a $$$ $X b $$$ c"), in: repeated) == [])
  }

  @Test func hundredThousandNestedBracketsDoNotCrash() throws {
    let depth = 100_000
    let source = String(repeating: "f(", count: depth) + "x" + String(repeating: ")", count: depth)
    let found = try Self.matches(Self.pattern("f(f(x))"), in: source)
    #expect(found.count == 1)
    let unbalanced = String(repeating: "{[(", count: depth)
    #expect(try Self.texts(Self.pattern("f($$$)"), in: unbalanced) == [])
    #expect(try Self.texts(Self.pattern("f($$$) { $$$ }"), in: source).isEmpty)
  }

  // MARK: - Catalogue integration

  @Test func resultsAreSortedByStartThenRuleID() throws {
    let catalog = try Self.catalog([Self.pattern("b"), Self.pattern("a b"), "\"detector\": \"d\""])
    let source = "a b"
    let found = Matcher(rules: catalog.rules).matches(in: Lexer.tokenize(Array(source.utf8)))
    #expect(found.map { catalog.rules[$0.ruleIndex].id } == ["r1", "r0"])
    #expect(found.map(\.start) == [0, 1])
    #expect(found.map(\.end) == [1, 1])
  }

  @Test func pathFiltersSkipRules() throws {
    let members = Self.pattern("x") + #", "paths": {"exclude": ["**/Tests/**"]}"#
    let catalog = try Self.catalog([members])
    let stream = Lexer.tokenize(Array("x".utf8))
    let matcher = Matcher(rules: catalog.rules)
    #expect(matcher.matches(in: stream, path: "Sources/A.swift").count == 1)
    #expect(matcher.matches(in: stream, path: "Tests/ATests.swift").isEmpty)
    #expect(matcher.matches(in: stream).count == 1)
  }
}
