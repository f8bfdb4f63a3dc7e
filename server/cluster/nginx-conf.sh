#!/bin/sh
# Prints the nginx configuration of a cluster: nginx on 127.0.0.1:PORT in front
# of the Manna replicas on the given ports, its files under RUN_DIR.
# Usage: nginx-conf.sh RUN_DIR PORT REPLICA_PORT...
set -eu
run=$1
port=$2
shift 2
upstream=""
for p in "$@"; do
    upstream="$upstream        server 127.0.0.1:$p max_fails=1 fail_timeout=2s;
"
done
cat <<CONF
worker_processes 1;
pid $run/nginx.pid;
error_log $run/nginx-error.log warn;
events { worker_connections 1024; }
http {
    access_log off;
    client_body_temp_path $run/body;
    proxy_temp_path $run/proxy;
    upstream manna {
$upstream        keepalive 32;
    }
    server {
        listen 127.0.0.1:$port;
        client_max_body_size 12m;
        location / {
            proxy_pass http://manna;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_set_header Host \$http_host;
            proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;
            # A replica that cannot be reached (stopped, restarting) is skipped;
            # a request it may have begun is not sent again elsewhere.
            proxy_next_upstream error timeout http_502 http_503;
        }
    }
}
CONF
