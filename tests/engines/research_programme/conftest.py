def pytest_configure(config):
    config.addinivalue_line("markers", "slow: the large seeded playouts (still part of make test)")
