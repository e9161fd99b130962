"""Installs what a runtime needs, only when it is missing, and says so (as tools/setup does: apt-get as
root, or through sudo)."""
import os
import shutil
import subprocess


def _root_prefix():
    if os.geteuid() == 0:
        return []
    if shutil.which("sudo") and subprocess.run(["sudo", "-n", "true"], capture_output=True).returncode == 0:
        return ["sudo", "-n"]
    return None


def apt(packages, log):
    prefix = _root_prefix()
    if prefix is None:
        return False, "%s missing; not root and no password-less sudo to apt-get install it" % " ".join(packages)
    log("installing %s with apt-get (missing)" % " ".join(packages))
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    update = subprocess.run(prefix + ["apt-get", "update", "-qq"], capture_output=True, text=True, env=env)
    run = subprocess.run(prefix + ["apt-get", "install", "-y", "-qq", "--no-install-recommends"] + packages,
                         capture_output=True, text=True, env=env)
    if run.returncode != 0:
        tail = (run.stderr or update.stderr).strip().splitlines()[-1:] or ["?"]
        return False, "apt-get install %s failed: %s" % (" ".join(packages), tail[0])
    return True, "installed %s with apt-get" % " ".join(packages)


def npm(package, cache, log):
    """npm install PACKAGE into CACHE/node_modules. ONNXRUNTIME_NODE_INSTALL=skip: onnxruntime-node's install
    script otherwise fetches CUDA binaries and fails; the CPU library ships in the package."""
    if not (shutil.which("node") and shutil.which("npm")):
        ok, text = apt(["nodejs", "npm"], log)
        if not ok:
            return False, text
    os.makedirs(cache, exist_ok=True)
    log("installing %s with npm into %s (missing)" % (package, os.path.join(cache, "node_modules")))
    env = dict(os.environ, ONNXRUNTIME_NODE_INSTALL="skip")
    run = subprocess.run(["npm", "install", "--no-audit", "--no-fund", "--prefix", cache, package],
                         capture_output=True, text=True, env=env)
    if run.returncode != 0:
        tail = run.stderr.strip().splitlines()[-1:] or ["?"]
        return False, "npm install %s failed: %s" % (package, tail[0])
    return True, "installed %s with npm into %s" % (package, cache)
