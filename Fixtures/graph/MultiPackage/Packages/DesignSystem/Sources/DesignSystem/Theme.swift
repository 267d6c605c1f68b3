public struct Theme {
  public static let standard = Theme(accent: Palette.blue)
  public var accent: Palette
}
