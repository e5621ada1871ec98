# Terraform forgets the batch without deleting anything in Ardoq (Terraform 1.7+)...
removed {
  from = ardoq_batch.services
  lifecycle {
    destroy = false
  }
}

# ...and the single resources import the same components and references, found by name.
data "ardoq_components" "services" {
  root_workspace = local.ws
  type_id        = data.ardoq_component_type.application.type_id
}

data "ardoq_references" "depends_on" {
  root_workspace = local.ws
}

locals {
  service_ids = { for c in data.ardoq_components.services.components : c.name => c.id if contains(values(local.services), c.name) }
  reference_ids = {
    for r in data.ardoq_references.depends_on.references : "${r.source}/${r.target}" => r.id
    if r.type == data.ardoq_reference_type.depends_on.type
  }
}

import {
  for_each = local.services
  to       = ardoq_component.service[each.key]
  id       = local.service_ids[each.value]
}

import {
  for_each = local.depends_on
  to       = ardoq_reference.depends_on[each.key]
  id       = local.reference_ids["${local.service_ids[local.services[each.value[0]]]}/${local.service_ids[local.services[each.value[1]]]}"]
}
