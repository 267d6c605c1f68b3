import Reports
import Testing

@Suite struct URIEncodingTests {
  @Test func unreservedCharactersAndSlashesStay() {
    #expect(URIEncoding.encodePath("Sources/App-1/a_b.c~d.swift") == "Sources/App-1/a_b.c~d.swift")
  }

  @Test func reservedAndSpecialCharactersAreEncoded() {
    #expect(URIEncoding.encodePath("a b%c#d?e") == "a%20b%25c%23d%3Fe")
    #expect(URIEncoding.encodePath("x:y/(z)+[w]") == "x%3Ay/%28z%29%2B%5Bw%5D")
  }

  @Test func nonASCIIIsEncodedAsUTF8Bytes() {
    #expect(URIEncoding.encodePath("Ünï/é.swift") == "%C3%9Cn%C3%AF/%C3%A9.swift")
    #expect(URIEncoding.encodePath("🚀") == "%F0%9F%9A%80")
  }
}
