// swift-tools-version: 5.9
import PackageDescription

let package = Package(
  name: "Catalog",
  platforms: [.iOS(.v15)],
  products: [.library(name: "Catalog", targets: ["Catalog"])],
  targets: [.target(name: "Catalog")]
)
