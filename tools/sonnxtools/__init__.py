"""sonnxtools: the one Python package under every command of tools/ (evidence, trace, mutate, proofs,
runtimes). Each entry script finds it with one line (the folder it is in) and takes from it:

paths     the repository root and the build locations
run       the subprocess runner: a step's commands with their log, exit status and duration
results   the one reader of test and proof results (ctest's and GoogleTest's XML, pytest's JUnit XML,
          the proof replay's JSON), with one rule: a missing, empty, unreadable or malformed results
          file is a named failure of the step that needed it (ResultsError), never a skip or an empty
          verdict
pages     the one page builder: Jinja2 templates (templates/), autoescaping on
bundle    the evidence bundle's steps, declared once: what each runs, writes, which of its artifacts
          carry a time, the requirements and objectives it supports, the documents it attaches
scheduler shard jobs: independent commands run by a driver (LocalDriver on this machine, SlurmDriver as an
          `sbatch --array` job), each task (shard_task.py) leaving shard-K.json; collect() alone judges them,
          a missing, malformed, failed or foreign result being a problem that names its shard
"""
