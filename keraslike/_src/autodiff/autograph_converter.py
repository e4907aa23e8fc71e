"""AutoGraph's source conversion, for recording a `tf.function`'s graph: Python control flow as cond/loop calls.

TF's AutoGraph (`tensorflow/python/autograph/`) rewrites a `tf.function`'s Python source so that an `if`, `while`
or `for` whose condition or iterable is a tensor (or a `tf.data.Dataset`) becomes a `cond` / `while` /
dataset-reduce op of the graph, each branch and loop body traced once. keraslike runs a function's Python as
written on every call (eager results are the same); only when a program asks for the graph TF would build
(`ConcreteFunction.graph`) is the body recorded, and then it runs in this converted form. Each statement
becomes a call into `autograph_operators` (imported as `ag__`), which runs plain Python when the condition
or iterable is a Python value or an eager tensor:

    if test:                        def if_true_1(y): body; return (y,)
        body            -->         def if_false_1(y): orelse; return (y,)
    else:                           (y,) = ag__.if_stmt(test, if_true_1, if_false_1, ag__.state(locals(), ('y',)))
        orelse

The names a statement assigns are its state: passed in, handed back (`UNDEFINED` where not yet bound).
`while`/`for` likewise get a test/body function over their state. Converted: an `if` whose branches either
hold no `return` or both end in one (`if c: return a` followed by `return b` counts as both), a `while`/`for`
without `else`, `break`, `continue` or `return` inside; anything else (or a `global`/`nonlocal` name assigned
inside) is left as written. Functions without retrievable source (lambdas, builtins) are not converted.

The conversion runs once per Python function (cached): the normal call path of `tf.function` never uses it.
"""

import ast
import functools
import inspect
import linecache
import textwrap
import types
import weakref

from keraslike._src.autodiff import autograph_operators

_PREFIX = "ag__"
_cache = weakref.WeakKeyDictionary()  # python function (or its code) -> converted function, or None


class _NotConvertible(Exception):
    pass


def _assigned(nodes):
    """Names the statements bind (targets, augmented assigns, `for` targets, defs, imports, `with ... as`),
    not looking inside nested functions, classes, lambdas or comprehensions."""
    names = []

    def add(name):
        if name not in names:
            names.append(name)

    def visit(node):
        if isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
            add(node.id)
            return
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            add(node.name)
            for d in node.decorator_list:
                visit(d)
            return
        if isinstance(node, (ast.Lambda, ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
            return
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            for alias in node.names:
                add((alias.asname or alias.name).split(".")[0])
            return
        if isinstance(node, ast.NamedExpr):
            add(node.target.id)
        for child in ast.iter_child_nodes(node):
            visit(child)

    for n in nodes:
        visit(n)
    return names


def _contains(nodes, kinds, loops_hide=False):
    """Whether `kinds` occur in the statements (not in nested functions; inside nested loops only when
    `loops_hide` is False)."""
    def visit(node):
        if isinstance(node, kinds):
            return True
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            return False
        if loops_hide and isinstance(node, (ast.For, ast.While, ast.AsyncFor)):
            return any(visit(c) for c in node.orelse)
        return any(visit(c) for c in ast.iter_child_nodes(node))
    return any(visit(n) for n in nodes)


def _ends_in_return(body):
    return bool(body) and isinstance(body[-1], ast.Return) and not _contains(body[:-1], ast.Return) and \
        not _contains([body[-1].value] if body[-1].value is not None else [], ast.Return)


class _Converter:
    def __init__(self, declared):
        self._declared = set(declared)  # global / nonlocal names of the function: never state
        self._count = 0

    def _name(self, kind):
        self._count += 1
        return f"{_PREFIX}{kind}_{self._count}"

    def block(self, stmts):
        """Convert a statement list (an `if` without `else` whose body returns absorbs the statements after it
        when those end in a `return`)."""
        out = []
        i = 0
        while i < len(stmts):
            node = stmts[i]
            rest = stmts[i + 1:]
            if isinstance(node, ast.If) and not node.orelse and _ends_in_return(node.body) and rest and \
                    _ends_in_return(rest):
                node = ast.If(test=node.test, body=node.body, orelse=list(rest))
                ast.copy_location(node, stmts[i])
                out.extend(self.statement(node))
                return out
            out.extend(self.statement(node))
            i += 1
        return out

    def statement(self, node):
        if isinstance(node, ast.If):
            return self._if(node)
        if isinstance(node, ast.While):
            return self._while(node)
        if isinstance(node, ast.For):
            return self._for(node)
        if isinstance(node, (ast.With, ast.AsyncWith)):
            node.body = self.block(node.body)
        elif isinstance(node, ast.Try):
            node.body = self.block(node.body)
            node.orelse = self.block(node.orelse)
            node.finalbody = self.block(node.finalbody)
            for handler in node.handlers:
                handler.body = self.block(handler.body)
        return [node]

    def _state(self, nodes):
        names = _assigned(nodes)
        if self._declared.intersection(names) or _contains(nodes, ast.Delete):
            raise _NotConvertible
        return names

    def _def(self, name, params, body, result):
        args = ast.arguments(posonlyargs=[], args=[ast.arg(arg=p) for p in params], vararg=None, kwonlyargs=[],
                             kw_defaults=[], kwarg=None, defaults=[])
        body = list(body)
        if result is not None:
            body.append(ast.Return(value=result))
        return ast.FunctionDef(name=name, args=args, body=body or [ast.Pass()], decorator_list=[], returns=None,
                               type_params=[])

    @staticmethod
    def _tuple(names, ctx):
        return ast.Tuple(elts=[ast.Name(id=n, ctx=ctx()) for n in names], ctx=ctx())

    @staticmethod
    def _call(fn, args):
        return ast.Call(func=ast.Attribute(value=ast.Name(id=_PREFIX, ctx=ast.Load()), attr=fn, ctx=ast.Load()),
                        args=args, keywords=[])

    def _state_call(self, names):
        return self._call("state", [ast.Call(func=ast.Name(id="locals", ctx=ast.Load()), args=[], keywords=[]),
                                    ast.Constant(value=tuple(names))])

    def _if(self, node):
        returns = _ends_in_return(node.body) and _ends_in_return(node.orelse)
        if not returns and (_contains(node.body + node.orelse, ast.Return) or
                            _contains(node.body + node.orelse, (ast.Break, ast.Continue), loops_hide=True)):
            node.body, node.orelse = self.block(node.body), self.block(node.orelse)
            return [node]
        try:
            names = self._state(node.body + node.orelse)
        except _NotConvertible:
            node.body, node.orelse = self.block(node.body), self.block(node.orelse)
            return [node]
        if _contains(node.body + node.orelse, (ast.Yield, ast.YieldFrom, ast.Await)):
            return [node]
        true_name, false_name = self._name("if_true"), self._name("if_false")
        if returns:
            body, orelse = self.block(node.body), self.block(node.orelse)
            true_fn = self._def(true_name, names, body, None)
            false_fn = self._def(false_name, names, orelse, None)
            call = self._call("if_return", [node.test, ast.Name(id=true_name, ctx=ast.Load()),
                                            ast.Name(id=false_name, ctx=ast.Load()), self._state_call(names)])
            out = [true_fn, false_fn, ast.Return(value=call)]
        else:
            true_fn = self._def(true_name, names, self.block(node.body), self._tuple(names, ast.Load))
            false_fn = self._def(false_name, names, self.block(node.orelse), self._tuple(names, ast.Load))
            call = self._call("if_stmt", [node.test, ast.Name(id=true_name, ctx=ast.Load()),
                                          ast.Name(id=false_name, ctx=ast.Load()), self._state_call(names),
                                          ast.Constant(value=tuple(names))])
            out = [true_fn, false_fn, ast.Assign(targets=[self._tuple(names, ast.Store)], value=call)]
        for n in out:
            ast.copy_location(n, node)
        return out

    def _loop_convertible(self, node):
        return not node.orelse and not _contains(node.body, (ast.Return, ast.Yield, ast.YieldFrom, ast.Await)) and \
            not _contains(node.body, (ast.Break, ast.Continue), loops_hide=True)

    def _while(self, node):
        if not self._loop_convertible(node):
            node.body = self.block(node.body)
            return [node]
        try:
            names = self._state(node.body)
        except _NotConvertible:
            node.body = self.block(node.body)
            return [node]
        test_name, body_name = self._name("while_test"), self._name("while_body")
        test_fn = self._def(test_name, names, [], node.test)
        body_fn = self._def(body_name, names, self.block(node.body), self._tuple(names, ast.Load))
        call = self._call("while_stmt", [ast.Name(id=test_name, ctx=ast.Load()),
                                         ast.Name(id=body_name, ctx=ast.Load()), self._state_call(names),
                                         ast.Constant(value=tuple(names))])
        out = [test_fn, body_fn, ast.Assign(targets=[self._tuple(names, ast.Store)], value=call)]
        for n in out:
            ast.copy_location(n, node)
        return out

    def _for(self, node):
        if not self._loop_convertible(node):
            node.body = self.block(node.body)
            return [node]
        try:
            names = self._state([node.target] + node.body)
        except _NotConvertible:
            node.body = self.block(node.body)
            return [node]
        body_name, element = self._name("for_body"), self._name("element")
        unpack = ast.Assign(targets=[node.target], value=ast.Name(id=element, ctx=ast.Load()))
        ast.copy_location(unpack, node)
        body_fn = self._def(body_name, [element] + names, [unpack] + self.block(node.body),
                            self._tuple(names, ast.Load))
        call = self._call("for_stmt", [node.iter, ast.Name(id=body_name, ctx=ast.Load()), self._state_call(names),
                                       ast.Constant(value=tuple(names))])
        out = [body_fn, ast.Assign(targets=[self._tuple(names, ast.Store)], value=call)]
        for n in out:
            ast.copy_location(n, node)
        return out


def _declared(function_node):
    names = []
    for node in ast.walk(function_node):
        if isinstance(node, (ast.Global, ast.Nonlocal)):
            names.extend(node.names)
    return names


def _function_node(python_function):
    """The function's `FunctionDef` (decorators removed), with the file's line numbers; raises
    _NotConvertible when its source is not available."""
    try:
        lines, first = inspect.getsourcelines(python_function)
    except (OSError, TypeError):
        raise _NotConvertible from None
    source = textwrap.dedent("".join(lines))
    try:
        tree = ast.parse(source)
    except SyntaxError:
        raise _NotConvertible from None
    node = tree.body[0] if tree.body else None
    if not isinstance(node, ast.FunctionDef) or node.name != python_function.__name__:
        raise _NotConvertible
    node.decorator_list = []
    ast.increment_lineno(tree, max(first, 1) - 1)
    return node


def convert_source(python_function):
    """(module AST holding a factory of the converted function, the converted `FunctionDef`)."""
    node = _function_node(python_function)
    node.body = _Converter(_declared(node)).block(node.body)
    freevars = list(python_function.__code__.co_freevars)
    factory = ast.FunctionDef(
        name=f"{_PREFIX}factory", args=ast.arguments(
            posonlyargs=[], args=[ast.arg(arg=n) for n in [_PREFIX] + freevars], vararg=None, kwonlyargs=[],
            kw_defaults=[], kwarg=None, defaults=[]),
        body=[node, ast.Return(value=ast.Name(id=node.name, ctx=ast.Load()))], decorator_list=[], returns=None,
        type_params=[])
    module = ast.Module(body=[factory], type_ignores=[])
    ast.copy_location(factory, node)
    ast.fix_missing_locations(module)
    return module, node


def to_source(python_function):
    """The converted source text, as `tf.autograph.to_code` shows it (the function renamed `tf__<name>`)."""
    python_function = inspect.unwrap(python_function)
    _, node = convert_source(python_function)
    node.name = f"tf__{node.name}"
    return ast.unparse(node) + "\n"


def _build(python_function):
    module, node = convert_source(python_function)
    filename = python_function.__code__.co_filename
    if filename.startswith("<") and filename not in linecache.cache:
        filename = f"<converted {python_function.__name__}>"
    code = compile(module, filename, "exec")
    factory_code = next(c for c in code.co_consts if isinstance(c, types.CodeType))
    function_code = next(c for c in factory_code.co_consts if isinstance(c, types.CodeType) and
                         c.co_name == node.name)
    cells = dict(zip(python_function.__code__.co_freevars, python_function.__closure__ or ()))
    cells[_PREFIX] = types.CellType(autograph_operators)
    try:
        closure = tuple(cells[name] for name in function_code.co_freevars)
    except KeyError:
        raise _NotConvertible from None
    converted = types.FunctionType(function_code, python_function.__globals__, python_function.__name__,
                                   python_function.__defaults__, closure)
    converted.__kwdefaults__ = python_function.__kwdefaults__
    functools.update_wrapper(converted, python_function)
    del converted.__wrapped__
    return converted


def converted(python_function):
    """The AutoGraph-converted form of `python_function` (a `functools.partial` keeps its bound arguments), or
    `python_function` itself when it cannot be converted. Cached per function."""
    if isinstance(python_function, functools.partial):
        inner = converted(python_function.func)
        if inner is python_function.func:
            return python_function
        return functools.partial(inner, *python_function.args, **python_function.keywords)
    if isinstance(python_function, types.MethodType):
        inner = converted(python_function.__func__)
        return python_function if inner is python_function.__func__ else types.MethodType(
            inner, python_function.__self__)
    if not isinstance(python_function, types.FunctionType) or python_function.__name__ == "<lambda>":
        return python_function
    try:
        return _cache[python_function] or python_function
    except KeyError:
        pass
    try:
        result = _build(python_function)
    except Exception:  # noqa: BLE001 - any construct the conversion does not handle: the function as written
        result = None
    _cache[python_function] = result
    return result or python_function
