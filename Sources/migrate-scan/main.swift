import Glibc
import MigrateScanKit

var io = StandardIO()
exit(CommandLineTool.run(Array(CommandLine.arguments.dropFirst()), io: &io).rawValue)
