import ScanModel
import SwiftLexer

/// Where a view holds an `ObservableObject`: the SwiftUI spellings that change with the model's
/// move to `@Observable`.
///
/// - `@StateObject var model = ProfileViewModel()` → `@State var model = ProfileViewModel()`;
/// - `@ObservedObject var model: ProfileViewModel` → `var model: ProfileViewModel`, or
///   `@Bindable var model: ProfileViewModel` when the type takes a binding `$model.name`;
/// - `@EnvironmentObject var settings: Settings` → `@Environment(Settings.self) var settings`;
/// - `.environmentObject(settings)` → `.environment(settings)`.
///
/// `@SwiftUI.StateObject` is the same attribute. Each hit's key is the model type the file
/// writes (`WrittenType`: an annotation, `Type()`, `Type.shared`, a property or local of a
/// written type), or "" when it writes none; the global pass resolves it to a project
/// `ObservableObject` (`ObservableTypes`), drops a type the tree declares as none (a library's
/// model stays an `ObservableObject`, and so does its wrapper), and names it in `Finding.unit`.
struct ViewUseSiteDetector: Detector {
  static let stateObject = "state-object"
  static let observedObject = "observed-object"
  static let environmentObject = "environment-object"
  static let environmentModifier = "environment-object-modifier"
  var names: [String] { [Self.stateObject, Self.observedObject, Self.environmentObject, Self.environmentModifier] }

  func mayFind(in file: FileContext) -> Bool { file.hints.viewUse }

  func detect(in file: FileContext, enabled: Set<String>, into output: inout DetectorOutput) {
    let view = file.view
    // `$model.name` bindings by property name, found on the first `@ObservedObject` or
    // `@EnvironmentObject` that asks (most files have none).
    var bindings: [String: [(typePath: String, line: Int)]]?
    var position = 0
    while position + 2 < view.count {
      defer { position += 1 }
      output.steps += 1
      switch view.kind(position) {
      case .atSign:
        var attribute = position + 1
        if view.isWord(attribute, "SwiftUI"), view.isPeriod(attribute + 1) { attribute += 2 }
        guard view.isIdentifier(attribute) else { continue }
        let rule: String
        if view.has(attribute, "StateObject") {
          rule = Self.stateObject
        } else if view.has(attribute, "ObservedObject") {
          rule = Self.observedObject
        } else if view.has(attribute, "EnvironmentObject") {
          rule = Self.environmentObject
        } else {
          continue
        }
        guard enabled.contains(rule), let name = declaredName(view, after: attribute) else { continue }
        var (written, end) = WrittenType.ofDeclaration(view, name: name)
        let property = view.text(name)
        // `struct DiscoverView<Manager: ManagerProtocol>: View { @StateObject var manager: Manager }`:
        // whichever model the view is made with; the tree pass must not look `Manager` up.
        var generic: String?
        if let type = written, Self.isGenericParameter(type, of: file.symbols.scope(at: position), in: view) {
          generic = type
          written = nil
        }
        let kind = rule == Self.stateObject ? "S" : rule == Self.observedObject ? "O" : "E"
        var hit = DetectorHit(
          name: rule, start: position, end: end,
          key: ModelSubscriptionDetector.key(kind, generic == nil ? written : Self.genericMark, own: false, names: []))
        let before = WrittenType.compactText(view, position, name) + Self.tail(view, name: name, end: end)
        let model = written.map { "`\($0)`" } ?? "the model"
        switch rule {
        case Self.stateObject:
          let after = WrittenType.compactText(view, attribute + 1, name) + Self.tail(view, name: name, end: end)
          hit.message = "`\(before)` → `@State \(after)`"
          hit.help =
            "With \(model)'s move to `@Observable`, `@State` owns it instead of `@StateObject`. `@State` evaluates "
            + "its initial value each time the view is re-created (SwiftUI keeps only the first instance), so keep "
            + "that initialiser cheap; an `init` writing `_\(property) = StateObject(wrappedValue: …)` writes "
            + "`_\(property) = State(initialValue: …)`."
        case Self.observedObject:
          let after = WrittenType.compactText(view, attribute + 1, name) + Self.tail(view, name: name, end: end)
          if bindings == nil { bindings = Self.bindings(file) }
          let typePath = file.symbols.typePath(at: position)
          let uses = (bindings?[property] ?? []).filter { $0.typePath == typePath }
          if uses.isEmpty {
            hit.message = "`\(before)` → `\(after)`"
            hit.help =
              "With \(model)'s move to `@Observable`, a plain property is enough: the view re-renders when a "
              + "property it reads changes. No binding `$\(property).x` is taken in `\(typePath)`."
          } else {
            hit.message = "`\(before)` → `@Bindable \(after)`"
            hit.help =
              "With \(model)'s move to `@Observable`, `@Bindable` gives the bindings `$\(property).x` this view "
              + "takes; a view that only reads the model takes a plain property."
            hit.reasons.append(
              "`$\(property).…` bindings at line " + uses.map { String($0.line) }.joined(separator: ", ")
                + ": `@Bindable` keeps them")
          }
        default:
          let type = written ?? "Model"
          let after = "@Environment(\(type).self) " + WrittenType.compactText(view, attribute + 1, name)
          hit.message = "`\(before)` → `\(after)`"
          hit.help =
            "With \(model)'s move to `@Observable`, read it with `@Environment(\(type).self)` and inject it with "
            + "`.environment(_:)` instead of `.environmentObject(_:)`; a missing value still traps, as before."
          if bindings == nil { bindings = Self.bindings(file) }
          let typePath = file.symbols.typePath(at: position)
          let uses = (bindings?[property] ?? []).filter { $0.typePath == typePath }
          if !uses.isEmpty {
            hit.reasons.append(
              "`$\(property).…` bindings at line " + uses.map { String($0.line) }.joined(separator: ", ")
                + ": `@Environment` gives no binding, so write `@Bindable var \(property) = \(property)` in `body`")
          }
        }
        if let generic {
          hit.reasons.append(
            "`\(generic)` is a generic parameter of `\(file.symbols.typePath(at: position))`: this changes with the "
              + "models it is made with")
        }
        output.hits.append(hit)
        position = max(position, end)
      case .period:
        guard view.isWord(position + 1, "environmentObject"), view.kind(position + 2) == .leftParen,
          enabled.contains(Self.environmentModifier), let close = view.partner(position + 2)
        else { continue }
        let written = WrittenType.ofHolder(file, from: position + 3, to: close - 1)
        let argument = WrittenType.compactText(view, position + 3, close - 1)
        var hit = DetectorHit(
          name: Self.environmentModifier, start: position + 1, end: close,
          key: ModelSubscriptionDetector.key("M", written, own: false, names: []))
        hit.message = "`.environmentObject(\(argument))` → `.environment(\(argument))`"
        let shownType = written.flatMap { $0.contains("#") ? nil : $0 }
        hit.help =
          "With \(shownType.map { "`\($0)`" } ?? "the model")'s move to `@Observable`, inject it with "
          + "`.environment(_:)`; views read it with `@Environment(\(shownType ?? "Model").self)`."
        output.hits.append(hit)
      default:
        continue
      }
    }
  }

  /// The key's written type for a model typed by a generic parameter: its reason says so, and
  /// the tree looks nothing up.
  static let genericMark = "?"

  /// The name after the `var` following the attribute at `attribute`, skipping modifiers and
  /// other attributes (`@StateObject private var model`, `@MainActor @ObservedObject var vm`).
  private func declaredName(_ view: SignificantTokenView, after attribute: Int) -> Int? {
    var position = attribute + 1
    var steps = 0
    while position < view.count && steps < 24 {
      steps += 1
      if view.isWord(position, "var") || view.isWord(position, "let") {
        return view.isIdentifier(position + 1) ? position + 1 : nil
      }
      if view.kind(position) == .leftParen, let close = view.partner(position) {
        position = close + 1
        continue
      }
      if view.kind(position) == .leftBrace || view.kind(position) == .rightBrace || view.isWord(position, "func") {
        return nil
      }
      position += 1
    }
    return nil
  }

  /// True when `name` is a generic parameter of the type whose body is `scope`
  /// (`struct View<Model>: View where Model: P {`, `struct View<Model: P> {`).
  private static func isGenericParameter(_ name: String, of scope: SymbolIndex.Scope, in view: SignificantTokenView)
    -> Bool
  {
    guard scope.isType, scope.open > 0, !name.contains(".") else { return false }
    var keyword = scope.open - 1
    while keyword > 0, scope.open - keyword < 200 {
      if view.isWord(keyword, "struct") || view.isWord(keyword, "class") || view.isWord(keyword, "enum")
        || view.isWord(keyword, "actor")
      {
        break
      }
      if view.kind(keyword) == .rightBrace || view.kind(keyword) == .leftBrace { return false }
      keyword -= 1
    }
    let open = keyword + 2
    guard view.text(open).hasPrefix("<"), let close = FutureTaskWrapperDetector.genericEnd(view, open) else {
      return false
    }
    for position in open...close where view.isIdentifier(position) && view.has(position, name) {
      let previous = view.text(position - 1)
      if previous.hasSuffix("<") || previous == "," { return true }
    }
    return false
  }

  /// `: ProfileViewModel` or ` = ProfileViewModel(…)` after the name: the declaration as the
  /// message quotes it, its arguments elided.
  private static func tail(_ view: SignificantTokenView, name: Int, end: Int) -> String {
    guard end > name else { return "" }
    if view.kind(name + 1) == .colon { return ": " + WrittenType.compactText(view, name + 2, end) }
    var last = end
    // `= Model(client: client, cache: cache)` → `= Model(…)`.
    if view.kind(end) == .rightParen, let open = view.partner(end), open > name + 2 {
      last = open - 1
      return " = " + WrittenType.compactText(view, name + 2, last) + (open + 1 == end ? "()" : "(…)")
    }
    return " = " + WrittenType.compactText(view, name + 2, last)
  }

  /// Every `$name.member` binding of the file, by property name, with the type it is taken in.
  private static func bindings(_ file: FileContext) -> [String: [(typePath: String, line: Int)]] {
    let view = file.view
    var found: [String: [(typePath: String, line: Int)]] = [:]
    for position in 0..<view.count
    where view.isPeriod(position + 1) && view.isProjection(position) && !view.isPeriod(position - 1) {
      let name = String(view.text(position).dropFirst())
      let line = file.line(of: position)
      var list = found[name, default: []]
      if !list.contains(where: { $0.line == line }) { list.append((file.symbols.typePath(at: position), line)) }
      found[name] = list
    }
    return found
  }
}
