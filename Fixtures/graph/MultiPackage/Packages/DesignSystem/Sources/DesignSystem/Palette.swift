public enum Palette {
  case blue, green
}
