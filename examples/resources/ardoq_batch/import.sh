# Import every component and reference of a workspace: components keyed by their component key (APP-12),
# references by their ends' keys ("APP-12 -> APP-40"), with their custom fields. ardoq-export writes the
# configuration that matches it.
terraform import ardoq_batch.payments 5eed0000000000000000b001

# Or only those that have the custom field external_id set, each keyed by its external_id value; the import
# warns how many it left out.
terraform import ardoq_batch.payments 5eed0000000000000000b001/external_id
