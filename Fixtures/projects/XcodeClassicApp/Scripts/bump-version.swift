// A script run by hand with `swift Scripts/bump-version.swift`; no target builds it.
import Foundation

print("bumped")
