import DependencyGraph

/// The CI example's tests read the workflow with the project's own YAML subset reader, flow
/// collections refused: a workflow value the test does not understand fails the test.
typealias MiniYAML = YAMLNode
