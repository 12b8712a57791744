"""`pip install .` into a fresh venv, without network, and the package works from there."""
import os
import subprocess
import sys
import venv

from conftest import BUILD_DIR, SOURCE_DIR


def test_pip_install_into_a_fresh_venv_imports_and_runs(tmp_path):
    env_dir = tmp_path / "venv"
    # Debian's numpy comes from the system site packages; pip downloads nothing (--no-index).
    venv.EnvBuilder(system_site_packages=True, with_pip=True).create(env_dir)
    python = str(env_dir / "bin" / "python")
    clean = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    clean["SK_BUILD_DIR"] = BUILD_DIR
    clean["SK_SETUP_NO_BUILD"] = "1"  # the suite's build is complete; other tests are using it
    subprocess.run([python, "-m", "pip", "install", "--no-index", "--quiet", SOURCE_DIR], check=True, env=clean,
                   cwd=tmp_path)
    program = ("import numpy as np, superkernel as sk; x = sk.tensor(np.arange(4, dtype=np.float32)); "
               "print(sk.__file__); print(sk.ops.mul(x, x).numpy().tolist())")
    out = subprocess.run([python, "-c", program], check=True, env=clean, cwd=tmp_path, capture_output=True,
                         text=True).stdout.splitlines()
    assert out[0].startswith(str(env_dir)) and out[1] == "[0.0, 1.0, 4.0, 9.0]"
    # the interpreter running the tests still imports the build tree's package, untouched
    assert "site-packages" not in subprocess.run([sys.executable, "-c", "import superkernel; print(superkernel.__file__)"],
                                                 check=True, capture_output=True, text=True).stdout
