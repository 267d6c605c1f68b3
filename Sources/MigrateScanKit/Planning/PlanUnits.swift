/// The findings' units as the leave-alone rule grouped them (`WorkUnitKey.units`): the plan of
/// the same findings, modules and tree types takes them instead of grouping again.
package struct PlanUnits: Sendable {
  /// Per finding, its unit and the module whose step holds it.
  let placement: WorkUnitKey.Placement
}
