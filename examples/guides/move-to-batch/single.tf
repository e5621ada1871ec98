resource "ardoq_component" "service" {
  for_each       = local.services
  name           = each.value
  root_workspace = local.ws
  type_id        = data.ardoq_component_type.application.type_id
}

resource "ardoq_reference" "depends_on" {
  for_each = local.depends_on
  source   = ardoq_component.service[each.value[0]].id
  target   = ardoq_component.service[each.value[1]].id
  type     = data.ardoq_reference_type.depends_on.type
}
