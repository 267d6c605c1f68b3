import DependencyGraph
import SwiftLexer
import Testing

/// Collects the facts of source text.
func facts(_ text: String) -> FileFacts {
  ReferenceCollector.collect(Lexer.tokenize(Array(text.utf8)))
}

@Suite struct ReferenceCollectorTests {
  @Test func nestedTypesAreQualified() {
    let result = facts(
      """
      public struct Outer<T>: Equatable where T: Hashable {
        final class Inner: Base, @unchecked Sendable {
          enum Deep: Int { case a }
        }
        func make() -> Inner { Inner() }
        protocol Delegate: AnyObject {}
      }
      actor Cache {}
      struct After {}
      """)
    #expect(
      result.declarations.map(\.qualifiedName) == [
        "Outer", "Outer.Inner", "Outer.Inner.Deep", "Outer.Delegate", "Cache", "After",
      ])
    #expect(result.declarations.map(\.name) == ["Outer", "Inner", "Deep", "Delegate", "Cache", "After"])
    #expect(result.declarations.map(\.kind) == [.struct, .class, .enum, .protocol, .actor, .struct])
    #expect(result.declarations[0].inheritance == ["Equatable"])
    #expect(result.declarations[1].inheritance == ["Base", "Sendable"])
  }

  @Test func extensionsReferenceTheirTypeAndQualifyNestedTypes() {
    let result = facts(
      """
      extension Outer.Inner: CustomStringConvertible, Identifiable where T == Int {
        struct Helper {}
        typealias ID = Int
      }
      extension Array: Comparable {}
      """)
    #expect(
      result.extensions == [
        .init(extendedType: "Outer.Inner", conformances: ["CustomStringConvertible", "Identifiable"]),
        .init(extendedType: "Array", conformances: ["Comparable"]),
      ])
    #expect(result.declarations.map(\.qualifiedName) == ["Outer.Inner.Helper", "Outer.Inner.ID"])
    #expect(result.declarations.map(\.kind) == [.struct, .typealias])
    #expect(["Outer", "Outer.Inner", "Array", "Comparable"].allSatisfy(result.references.contains))
  }

  @Test func localTypesAreNotDeclarations() {
    let result = facts(
      """
      struct Screen {
        var body: some View {
          struct Row { struct Cell {} }
          return List { Row() }
        }
        func make() {
          typealias Local = Int
          enum Step { case one }
          _ = items.map { struct InClosure {} }
        }
        struct Nested {}
      }
      func helper() { class Mock {} }
      if flag { struct TopLevelCode {} }
      extension Screen { struct Extra {} }
      """)
    #expect(result.declarations.map(\.qualifiedName) == ["Screen", "Screen.Nested", "Screen.Extra"])
    #expect(result.references.contains("Row"))
  }

  @Test func typealiasesAndGenericTypealiases() {
    let result = facts("typealias Handler = (Result<Data, Error>) -> Void\ntypealias Pair<T> = (T, T)\n")
    #expect(result.declarations.map(\.name) == ["Handler", "Pair"])
    #expect(result.references == ["Data", "Error", "Result", "T", "Void"])
  }

  @Test func modifiersAndConstraintsAreNotDeclarations() {
    let result = facts(
      """
      class Base {
        class func make() -> Base { Base() }
        class var shared: Base { Base() }
        class override func f() {}
      }
      protocol Legacy: class {}
      let actor = 1
      import struct Foundation.Date
      """)
    #expect(result.declarations.map(\.name) == ["Base", "Legacy"])
  }

  @Test func readsEveryImportForm() {
    let result = facts(
      """
      import Foundation
      @testable import Repository
      @_exported import Networking
      @preconcurrency import Combine
      @_spi(Internal) public import Storage
      import struct SwiftUI.Color
      import func Darwin.sqrt
      internal import Algorithms.Sequences
      """)
    #expect(
      result.imports == [
        .init(module: "Foundation"), .init(module: "Repository", isTestable: true),
        .init(module: "Networking", isExported: true), .init(module: "Combine"), .init(module: "Storage"),
        .init(module: "SwiftUI", symbol: "SwiftUI.Color"), .init(module: "Darwin", symbol: "Darwin.sqrt"),
        .init(module: "Algorithms"),
      ])
  }

  @Test func referencesSkipStringsCommentsAndMembers() {
    let result = facts(
      #"""
      // CommentType is not referenced.
      /* Nor BlockType, /* nested NestedType */ */
      /// Nor DocType.
      let a = "StringType \(InterpolatedType.make())"
      let b = #"RawType"#
      let c = """
        MultiLineType
        """
      let d = value.MemberType
      let e: Outer.Inner = .CaseName
      let f = APIClient.shared
      let g = Outer.Inner.self
      @Published var h: [Model] = []
      struct Declared { let i: Declared? }
      """#)
    #expect(
      result.references == [
        "APIClient", "Declared", "InterpolatedType", "Model", "Outer", "Outer.Inner", "Published",
      ])
  }

  @Test func qualifiedReferencesKeepTheirPath() {
    let result = facts("let a: Networking.APIClient\nlet b = Feature.State.Child.self\nlet c = `Outer`.`Inner`()\n")
    #expect(
      result.references == [
        "Feature", "Feature.State", "Feature.State.Child", "Networking", "Networking.APIClient", "Outer",
        "Outer.Inner",
      ])
  }

  /// A path read as one run of the source when written tight, rebuilt when spaces, comments or
  /// backticks sit inside it: the reference is the same either way.
  @Test func qualifiedPathsReadTheSameHoweverWritten() {
    let tight = facts("let a = Outer.Middle.Inner()\n")
    let loose = facts("let a = Outer . Middle/* x */.\n  `Inner`()\n")
    #expect(tight.references == ["Outer", "Outer.Middle", "Outer.Middle.Inner"])
    #expect(loose.references == tight.references)
  }

  @Test func backtickedNamesLoseTheirBackticks() {
    let result = facts("struct `Type`: `Protocol` {}\nlet x = `Other`.self\n")
    #expect(result.declarations.map(\.name) == ["Type"])
    #expect(result.references == ["Other", "Protocol"])
  }

  @Test func malformedInputStillReturnsFacts() {
    let unclosed = facts("struct Open {\n  class Inner {\n    let x: Thing\n")
    #expect(unclosed.declarations.map(\.qualifiedName) == ["Open", "Open.Inner"])
    #expect(unclosed.references == ["Thing"])
    let stray = facts("}}} struct After {} }\nstruct Again {}")
    #expect(stray.declarations.map(\.qualifiedName) == ["After", "Again"])
    // Declarations without bodies, many times over: each clause scan stops early.
    let chain = String(repeating: "struct A: struct B: ", count: 20_000)
    #expect(facts(chain).declarations.count == 40_000)
    let nested = String(repeating: "struct S {", count: 50_000)
    #expect(facts(nested).declarations.count == 50_000)
  }
}
