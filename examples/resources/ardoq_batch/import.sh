# Import every component and reference of a workspace, keyed by component key (ardoq-export writes the
# matching configuration).
terraform import ardoq_batch.payments 5eed0000000000000000b001

# Or only those with the custom field external_id set, keyed by its value.
terraform import ardoq_batch.payments 5eed0000000000000000b001/external_id
