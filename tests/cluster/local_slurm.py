"""A real single-node Slurm cluster for tests, from Debian's packages (slurm-wlm, munge; tools/setup cluster):
its own MUNGE key and socket, a slurm.conf written for it, munged, slurmctld and slurmd run in the foreground
as children of this process, everything under one folder, and every daemon stopped by its pid.

Nothing of the machine's own Slurm or MUNGE setup is used or changed (no /etc/slurm, no /etc/munge key,
no system service), and the ports are free ones picked at start, so that two such clusters (two test runs)
do not meet. slurmd runs jobs as any user only as root, so the cluster needs root.

Every wait is a bounded poll that ends in ClusterError with the daemons' logs, never a sleep that hopes."""
import ctypes
import os
import shutil
import signal
import socket
import subprocess
import time
from typing import Callable, Dict, List, Optional

PROGRAMS = ("munged", "slurmctld", "slurmd", "sbatch", "sinfo", "squeue", "scancel")
# The daemons are in /usr/sbin, which a non-login PATH may lack.
SEARCH_PATH = os.pathsep.join([os.environ.get("PATH", ""), "/usr/sbin", "/sbin", "/usr/bin"])


class ClusterError(Exception):
    """The cluster did not start or stop within its bounds; the message says which daemon and shows its log."""


def unavailable() -> str:
    """Why this machine cannot run the cluster ("" when it can): a reason for a skip, never for a pass."""
    missing = [program for program in PROGRAMS if not shutil.which(program, path=SEARCH_PATH)]
    if missing:
        return (f"Slurm/MUNGE not installed: {', '.join(missing)} not found "
                "(tools/setup cluster installs slurm-wlm and munge)")
    if os.geteuid() != 0:
        return "the single-node Slurm cluster runs slurmd and its jobs as root; this test is not root"
    return ""


def wait_until(predicate: Callable[[], bool], timeout: float, interval: float = 0.5) -> bool:
    """Polls predicate() until it holds (True) or timeout seconds have passed (False)."""
    deadline = time.monotonic() + timeout
    while True:
        if predicate():
            return True
        if time.monotonic() >= deadline:
            return False
        time.sleep(interval)


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("", 0))
        return int(probe.getsockname()[1])


def memory_mb(margin_mb: int = 512) -> int:
    """MemTotal of /proc/meminfo in MB, less a margin: a node configured with more memory than slurmd
    finds is drained (invalid), one with less is not."""
    with open("/proc/meminfo", encoding="ascii") as handle:
        for line in handle:
            if line.startswith("MemTotal:"):
                total = int(line.split()[1]) // 1024
                return max(1, total - max(margin_mb, total // 20))
    raise ClusterError("/proc/meminfo has no MemTotal")


def die_with_parent() -> None:
    """In the daemon's process before exec: SIGTERM when this test process dies, however it dies (a SIGKILL
    from ctest's timeout runs no cleanup), so that no daemon outlives its test."""
    PR_SET_PDEATHSIG = 1
    ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)


def tail(path: str, lines: int = 25) -> str:
    try:
        with open(path, encoding="utf-8", errors="replace") as handle:
            return "".join(handle.readlines()[-lines:])
    except OSError as error:
        return f"({error})"


class LocalSlurm:
    """The cluster in `root` (a folder of its own, created if needed). start() brings up munged, slurmctld
    and slurmd and returns once the node is idle; stop() cancels any job left and ends the three daemons;
    env is the environment (SLURM_CONF) for sbatch, sinfo and the like."""

    def __init__(self, root: str, start_timeout: float = 120, stop_timeout: float = 60):
        self.root = os.path.abspath(root)
        self.start_timeout = start_timeout
        self.stop_timeout = stop_timeout
        self.node = socket.gethostname().split(".")[0]  # hostname -s: slurmd finds its node by it
        self.conf = os.path.join(self.root, "slurm.conf")
        self.munge_socket = os.path.join(self.root, "munge", "munge.socket")
        self.env: Dict[str, str] = dict(os.environ, SLURM_CONF=self.conf, PATH=SEARCH_PATH)
        self.daemons: Dict[str, subprocess.Popen] = {}
        self.logs: Dict[str, str] = {}  # daemon name: its log file

    def path(self, *parts: str) -> str:
        return os.path.join(self.root, *parts)

    def slurm_conf(self) -> str:
        cpus = os.cpu_count() or 1
        lines = [
            "# Written by tests/cluster/local_slurm.py: a single-node cluster for the scheduler's tests.",
            "ClusterName=sonnxtest",
            f"SlurmctldHost={self.node}(127.0.0.1)",
            f"SlurmctldPort={free_port()}",
            f"SlurmdPort={free_port()}",
            "SlurmUser=root",
            "SlurmdUser=root",
            "AuthType=auth/munge",
            "CredType=cred/munge",
            f"AuthInfo=socket={self.munge_socket}",
            f"StateSaveLocation={self.path('state')}",
            f"SlurmdSpoolDir={self.path('spool')}",
            f"SlurmctldPidFile={self.path('slurmctld.pid')}",
            f"SlurmdPidFile={self.path('slurmd.pid')}",
            f"SlurmctldLogFile={self.path('slurmctld.log')}",
            f"SlurmdLogFile={self.path('slurmd.log')}",
            "SlurmctldDebug=info",
            "SlurmdDebug=info",
            "SelectType=select/cons_tres",
            # Cores only: with memory a consumable too (CR_Core_Memory) and no DefMemPerCPU, each task would
            # be given the whole node's memory and the array would run one task at a time.
            "SelectTypeParameters=CR_Core",
            "ProctrackType=proctrack/linuxproc",
            "TaskPlugin=task/none",
            "MpiDefault=none",
            "JobAcctGatherType=jobacct_gather/none",
            "AccountingStorageType=accounting_storage/none",
            "ReturnToService=2",
            "MailProg=/bin/true",  # Debian's default (/usr/bin/mail) is absent: slurmctld logs an error
            f"NodeName={self.node} NodeAddr=127.0.0.1 CPUs={cpus} RealMemory={memory_mb()} State=UNKNOWN",
            f"PartitionName=shards Nodes={self.node} Default=YES MaxTime=INFINITE State=UP",
            ""]
        return "\n".join(lines)

    def start(self) -> None:
        """Starts the three daemons and waits for an idle node; on any failure stops what it started."""
        try:
            self._start()
        except BaseException:
            self.stop()
            raise

    def _start(self) -> None:
        for folder in ("munge", "state", "spool"):
            os.makedirs(self.path(folder), exist_ok=True)
        # munged refuses a socket below a folder that not everyone can enter, and a key that others can read.
        os.chmod(self.root, 0o755)
        os.chmod(self.path("munge"), 0o755)
        folder = self.root
        while folder != os.path.dirname(folder):
            folder = os.path.dirname(folder)
            if os.stat(folder).st_mode & 0o001 == 0:
                raise ClusterError(f"munged would refuse its socket: {folder} is not open to all (chmod o+x)")
        key = self.path("munge.key")
        with open(os.open(key, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "wb") as handle:
            handle.write(os.urandom(128))
        self._spawn("munged", [
            "munged", "--foreground", f"--socket={self.munge_socket}", f"--key-file={key}",
            f"--pid-file={self.path('munge', 'munged.pid')}", f"--log-file={self.path('munged.log')}",
            f"--seed-file={self.path('munge', 'munged.seed')}"], self.path("munged.out"))  # -F: log to stderr
        self._wait("munged to open its socket", lambda: os.path.exists(self.munge_socket))
        with open(self.conf, "w", encoding="utf-8") as handle:
            handle.write(self.slurm_conf())
        self._spawn("slurmctld", ["slurmctld", "-D"], self.path("slurmctld.log"))
        self._spawn("slurmd", ["slurmd", "-D"], self.path("slurmd.log"))
        self._wait(f"node {self.node} to be idle (sinfo)", lambda: self.node_state() == "idle")

    def _spawn(self, name: str, command: List[str], log: str) -> None:
        output = open(self.path(f"{name}.out"), "wb")
        try:
            self.daemons[name] = subprocess.Popen(command, env=self.env, stdin=subprocess.DEVNULL, stdout=output,
                                                  stderr=subprocess.STDOUT, preexec_fn=die_with_parent)
        finally:
            output.close()
        self.logs[name] = log

    def _wait(self, what: str, predicate: Callable[[], bool]) -> None:
        """Polls until predicate() holds; a daemon that exits meanwhile ends the wait at once."""
        def dead() -> List[str]:
            return [f"{name} exited with status {process.returncode}"
                    for name, process in self.daemons.items() if process.poll() is not None]
        if wait_until(lambda: bool(dead()) or predicate(), self.start_timeout) and not dead():
            return
        why = "; ".join(dead()) or f"still not so after {self.start_timeout} s"
        raise ClusterError(f"waiting for {what}: {why}\n{self.report()}")

    def report(self) -> str:
        """The daemons' console output and log tails, for a failure message."""
        parts = []
        for name in self.daemons:
            parts.append(f"--- {name} console:\n{tail(self.path(name + '.out'))}")
            parts.append(f"--- {name} log:\n{tail(self.logs[name])}")
        controller = self.daemons.get("slurmctld")
        if controller is not None and controller.poll() is None:
            parts.append(f"--- sinfo:\n{self.query(['sinfo', '-N', '-l'])}")
        return "\n".join(parts)

    def query(self, command: List[str]) -> str:
        try:
            done = subprocess.run(command, env=self.env, stdin=subprocess.DEVNULL, capture_output=True,
                                  text=True, timeout=30, check=False)
        except (OSError, subprocess.TimeoutExpired) as error:
            return f"({error})"
        return done.stdout + done.stderr

    def node_state(self) -> Optional[str]:
        try:
            done = subprocess.run(["sinfo", "-h", "-N", "-n", self.node, "-o", "%T"], env=self.env,
                                  stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=30,
                                  check=False)
        except subprocess.TimeoutExpired:
            return None
        return done.stdout.strip() if done.returncode == 0 else None

    def jobs(self) -> List[str]:
        done = subprocess.run(["squeue", "-h", "-o", "%i"], env=self.env, stdin=subprocess.DEVNULL,
                              capture_output=True, text=True, timeout=30, check=False)
        return done.stdout.split() if done.returncode == 0 else []

    def stop(self) -> None:
        """Cancels any job still queued or running (its tasks are slurmd's children's, not ours), then ends
        slurmd, slurmctld and munged by their pids: SIGTERM, then SIGKILL past stop_timeout. Raises
        ClusterError after stopping everything when something did not end in time."""
        problems = []
        controller = self.daemons.get("slurmctld")
        if controller is not None and controller.poll() is None:
            try:
                if self.jobs():
                    subprocess.run(["scancel", "--full", *self.jobs()], env=self.env, stdin=subprocess.DEVNULL,
                                   capture_output=True, timeout=30, check=False)
                    if not wait_until(lambda: not self.jobs(), self.stop_timeout):
                        problems.append(f"jobs {self.jobs()} still there {self.stop_timeout} s after scancel")
            except (OSError, subprocess.TimeoutExpired) as error:
                problems.append(f"cancelling the jobs: {error}")
        for name in ("slurmd", "slurmctld", "munged"):
            process = self.daemons.pop(name, None)
            if process is None or process.poll() is not None:
                continue
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=self.stop_timeout)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
                problems.append(f"{name} (pid {process.pid}) ignored SIGTERM for {self.stop_timeout} s: killed")
        if problems:
            raise ClusterError("; ".join(problems))
