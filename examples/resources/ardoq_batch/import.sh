# Import every component and reference of a workspace that has the custom field external_id set;
# each becomes an item keyed by its external_id value.
terraform import ardoq_batch.payments 5eed0000000000000000b001/external_id
