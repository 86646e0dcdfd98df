"""The live load benchmark's parts: servers under test and baselines, the simulated tablets,
the classroom set-up through the real join flow, and the figures (bench/live.py runs them)."""
