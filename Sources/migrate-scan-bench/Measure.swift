import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// What one timed run cost.
struct Cost {
  var wall: Double
  var cpu: Double
  /// Peak resident memory in bytes.
  var peakMemory: Int
  var status: Int32
}

enum Measure {
  static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  /// CPU time (user + system) of this process so far.
  static func processCPU() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
  }

  static func seconds(_ value: timeval) -> Double { Double(value.tv_sec) + Double(value.tv_usec) / 1e6 }

  /// Runs a program with its output thrown away, and measures it with `wait4`'s resource usage.
  ///
  /// Peak memory comes from GNU time (`/usr/bin/time -f %M`) when it is installed: a child's
  /// `ru_maxrss` starts from the parent's resident size at the fork, so `wait4` alone would report
  /// at least this benchmark's own size (the sources it holds) for small tools.
  static func run(_ arguments: [String]) -> Cost? {
    let memoryFile = NSTemporaryDirectory() + "migrate-scan-bench-\(getpid()).maxrss"
    let timed = access("/usr/bin/time", X_OK) == 0
    let arguments = timed ? ["/usr/bin/time", "-f", "%M", "-o", memoryFile] + arguments : arguments
    guard var cost = spawn(arguments) else { return nil }
    if timed, let text = try? String(contentsOfFile: memoryFile, encoding: .utf8),
      let kilobytes = Int(text.split(separator: "\n").last.map(String.init) ?? "")
    {
      cost.peakMemory = kilobytes * 1024
    }
    return cost
  }

  private static func spawn(_ arguments: [String]) -> Cost? {
    var pid: pid_t = 0
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    var cArguments: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
    cArguments.append(nil)
    defer { for pointer in cArguments { free(pointer) } }
    let start = now()
    guard posix_spawnp(&pid, arguments[0], &actions, nil, cArguments, environ) == 0 else { return nil }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
    let wall = now() - start
    let exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    return Cost(
      wall: wall, cpu: seconds(usage.ru_utime) + seconds(usage.ru_stime), peakMemory: Int(usage.ru_maxrss) * 1024,
      status: exitStatus)
  }

  /// The best (lowest wall time) of `count` runs.
  static func best(of count: Int, _ arguments: [String]) -> Cost? {
    var best: Cost?
    for _ in 0..<count {
      guard let cost = run(arguments) else { return nil }
      if best == nil || cost.wall < best!.wall { best = cost }
    }
    return best
  }

  /// The full path of `program` on PATH, or nil.
  static func which(_ program: String) -> String? {
    for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
      let path = "\(folder)/\(program)"
      if access(path, X_OK) == 0 { return path }
    }
    return nil
  }
}
