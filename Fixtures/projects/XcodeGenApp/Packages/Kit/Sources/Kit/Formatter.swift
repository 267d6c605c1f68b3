/// Formats a note's title.
public enum Formatter {
  public static func title(_ text: String) -> String { text.isEmpty ? "Untitled" : text }
}
