"""JIT example 02 in Python (the seed's superkernel_compare.py): a MoE layer with six scopes
sp1..sp6, fusion switched off (the seed's FakeContextManager: super_kernel_scope(False, ...)) and
on, each network run twice with only the second run measured (the super kernels are built once,
on the first run). Both runs are traced in virtual time (open them in Perfetto, ui.perfetto.dev):
    prof_result/no_sk_model/trace.json   prof_result/sk_model/trace.json
the per-task times are printed side by side and written to prof_result/report.html. main.cpp is
its C++ twin and computes the same bytes ($SK_EXAMPLE_DUMP=DIR writes the fused ones).

    python3 superkernel_compare.py [dav-2201|dav-3510]
"""
import html
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
import superkernel as sk  # noqa: E402
from moe_network import SixScopeNetwork, device_us, dump  # noqa: E402


def profile(fuse):
    """A fresh traced device; the network run twice, the second run measured."""
    sk.reset_device()
    model = SixScopeNetwork()
    model.forward(fuse)  # warm-up: with fusion, the super kernels are built here
    sk.synchronize()
    before = len(sk.task_timings())
    us = device_us(lambda: model.forward(fuse))
    return {"device_us": us, "outputs": model.results(), "tasks": sk.task_timings()[before:],
            "trace": sk.trace_json()}


def task_rows(p):
    return "".join(f"<tr><td>{html.escape(t['name'])}</td><td>{t['end_us'] - t['begin_us']:.2f}</td></tr>\n"
                   for t in p["tasks"])


def show(title, p):
    print(f"{title}\n  {'task':<36} {'time (us)':>10}")
    for t in p["tasks"]:
        print(f"  {t['name']:<36} {t['end_us'] - t['begin_us']:10.2f}")
        for span in t["spans"]:
            if " (op " in span["name"]:
                print(f"    {span['name']:<34} {span['end_us'] - span['begin_us']:10.2f}")


def main():
    sk.set_arch(sys.argv[1] if len(sys.argv) > 1 else "dav-2201")
    os.environ["SK_TRACE"] = "1"
    eager, fused = profile(False), profile(True)
    for d in ("prof_result/no_sk_model", "prof_result/sk_model"):
        os.makedirs(d, exist_ok=True)
    e_us, f_us = eager["device_us"], fused["device_us"]
    summary = (f"device time {e_us:.2f} us ({len(eager['tasks'])} launches) -> {f_us:.2f} us "
               f"({len(fused['tasks'])} launches): {e_us / f_us:.2f}x, {100.0 * (e_us - f_us) / e_us:.1f}% less")
    with open("prof_result/no_sk_model/trace.json", "w") as f:
        f.write(eager["trace"])
    with open("prof_result/sk_model/trace.json", "w") as f:
        f.write(fused["trace"])
    with open("prof_result/report.html", "w") as f:
        f.write('<!doctype html><html><head><meta charset="utf-8"><title>SuperKernel profile</title></head><body>\n'
                "<h1>MoE layer, six scopes: without and with SuperKernel</h1>\n<p>" + summary +
                " (virtual time)</p>\n<h2>Without SuperKernel</h2><table border=1>\n" + task_rows(eager) +
                "</table>\n<h2>With SuperKernel</h2><table border=1>\n" + task_rows(fused) +
                "</table>\n</body></html>\n")
    if os.environ.get("SK_EXAMPLE_DUMP"):
        dump(fused["outputs"], os.environ["SK_EXAMPLE_DUMP"])
    show("without SuperKernel:", eager)
    show("with SuperKernel (sp1..sp6 one super kernel each):", fused)
    if any(eager["outputs"][k].tobytes() != fused["outputs"][k].tobytes() for k in eager["outputs"]):
        print("ERROR: fused and eager outputs differ")
        return 3
    print(f"outputs byte-identical; {summary}")
    print("traces: prof_result/no_sk_model/trace.json, prof_result/sk_model/trace.json; "
          "report: prof_result/report.html")
    return 0


if __name__ == "__main__":
    sys.exit(main())
