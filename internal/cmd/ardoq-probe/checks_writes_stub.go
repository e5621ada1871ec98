package main

var versionChecks, updateChecks, cascadeChecks, batchChecks, batchErrorChecks []check
