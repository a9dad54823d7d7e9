"""An agent's way in: the read-only tools over a data folder (`tools`) and the MCP server that serves them (`mcp_server`)."""
