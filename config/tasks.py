from celery import shared_task


@shared_task
def ping():
    """Answers "pong" from whichever worker takes it: proves that a broker and a worker run."""
    return "pong"
