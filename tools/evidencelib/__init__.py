"""The evidence bundle: steps that build, test, measure and prove, and the pages that show them."""
