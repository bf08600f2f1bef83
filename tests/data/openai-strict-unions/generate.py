import json, sys
from typing import Literal, Optional, Union, Annotated
from pydantic import BaseModel, Field
import openai, pydantic, pydantic_core

class Read(BaseModel):
    """Read a file."""
    action: Literal["read"]
    path: str = Field(description="Path from the workspace root.")

class Move(BaseModel):
    """Move a file."""
    action: Literal["move"]
    source: str
    target: str
    retries: Optional[int] = Field(default=None, ge=1, le=3)

class ListFiles(BaseModel):
    """List the workspace."""
    action: Literal["list"]

class TaggedUnion(BaseModel):
    """A discriminated union of models (one tool, several actions)."""
    op: Annotated[Union[Read, Move, ListFiles], Field(discriminator="action")]

m = TaggedUnion
line = {"name": m.__name__, "pydantic_schema": m.model_json_schema(), "openai_tool": openai.pydantic_function_tool(m)}
print(json.dumps(line))
print("versions", pydantic.VERSION, openai.__version__, pydantic_core.__version__, sys.version.split()[0], file=sys.stderr)
