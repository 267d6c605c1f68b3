import Glibc
import MigrateScanKit
import ParallelWork

var io = StandardIO()
// One run per process: its large values are left for exit to reclaim, not freed one by one.
LargeValues.keepUntilExit()
exit(CommandLineTool.run(Array(CommandLine.arguments.dropFirst()), io: &io).rawValue)
