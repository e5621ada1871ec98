# Terraform forgets the single resources without deleting anything in Ardoq (Terraform 1.7+)...
removed {
  from = ardoq_component.service
  lifecycle {
    destroy = false
  }
}

removed {
  from = ardoq_reference.depends_on
  lifecycle {
    destroy = false
  }
}

# ...and the batch takes the same components and references over, keeping their ids: its plan shows
# each one's id in computed_components and computed_references.
resource "ardoq_batch" "services" {
  adopt_components_by = ["rootWorkspace", "name"]
  adopt_references_by = ["source", "target", "type"]

  components = {
    for key, name in local.services : key => {
      name           = name
      root_workspace = local.ws
      type_id        = data.ardoq_component_type.application.type_id
    }
  }

  references = {
    for key, ends in local.depends_on : key => {
      source = ends[0]
      target = ends[1]
      type   = data.ardoq_reference_type.depends_on.type
    }
  }
}
