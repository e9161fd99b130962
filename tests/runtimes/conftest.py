"""pytest settings of the tools/runtimes tests: each test's result carries the requirement IDs of its class
(REQUIREMENTS) as the "requirements" property of pytest's JUnit XML, which tools/trace checks."""
import pytest


@pytest.fixture(autouse=True)
def _requirements_property(request, record_property):
    requirements = getattr(request.cls, "REQUIREMENTS", "") if request.cls is not None else ""
    if requirements:
        record_property("requirements", requirements)
