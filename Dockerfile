# The image Dagster's Helm chart runs (deploy/helm/values.yaml): the product, its pinned dependencies, the embedding
# model's ONNX export made at build time. Nothing downloads at run time (HF_HUB_OFFLINE).
#   docker build -t graphrag-bench .
FROM python:3.11-slim-bookworm
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1 \
    DBT_SEND_ANONYMOUS_USAGE_STATS=false GX_ANALYTICS_ENABLED=false DAGSTER_HOME=/opt/dagster/home
WORKDIR /opt/graphrag-bench
COPY pyproject.toml requirements.lock ./
COPY graphrag_bench graphrag_bench
COPY assets assets
COPY resources resources
COPY pipelines pipelines
COPY dbt_project dbt_project
COPY expectations expectations
COPY config config
COPY corpus corpus
COPY questions questions
# torch's CPU wheel first (an unpinned resolve would pull CUDA), then the rest with the same pins as the scripts,
# dagster-postgres for the instance of deploy/dagster.yaml, dagster-k8s for the chart's run launcher.
RUN pip install --no-cache-dir --index-url https://download.pytorch.org/whl/cpu "torch==2.13.0" \
 && pip install --no-cache-dir -c requirements.lock . "dagster-postgres==0.29.27" "dagster-k8s==0.29.27" \
 && python -m graphrag_bench.runtime.embed export \
 && python -m pipelines.dbt
COPY deploy/dagster.yaml /opt/dagster/home/dagster.yaml
EXPOSE 3030
CMD ["dagster", "api", "grpc", "--module-name", "pipelines.definitions", "--attribute", "defs", "--host", "0.0.0.0", "--port", "3030"]
