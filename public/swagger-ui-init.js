/*
 * Swagger UI at /api/schema/swagger-ui/: one app's part of the OpenAPI document at a time, chosen in
 * the bar at the top (`?urls.primaryName=dcim` opens that one), each read in OpenAPI 3.0 (Swagger UI
 * reads 3.1 many times slower). Requests carry the session cookie and its CSRF token, or the token
 * the user authorizes with. A file, not an inline script: the pages allow scripts from this server only.
 */
(function () {
  'use strict';

  var root = document.getElementById('swagger-ui');
  var apps = JSON.parse(root.dataset.apps || '[]');

  /*
   * Swagger UI finds an operation's parameter by merging every parameter of the operation with its
   * state and then picking one: for each of them, at every render and on Execute. With the 350 filters
   * of a device list that took minutes. These selectors give the same answers, merging only the one,
   * and the same object while neither the parameter nor its state changed, so that a row of the
   * parameters table is drawn again only when its own parameter changed.
   */
  var indexes = new WeakMap();
  /** An operation's parameter by its place and name, from an index made once per list of parameters. */
  function findParameter(list, param) {
    var index = indexes.get(list);
    if (!index) {
      index = new Map();
      list.forEach(function (p) {
        var key = p.get('in') + '.' + p.get('name');
        if (!index.has(key)) index.set(key, p);
      });
      indexes.set(list, index);
    }
    return index.get(param.get('in') + '.' + param.get('name'));
  }
  var merged = new WeakMap();
  /** The parameter with what the user entered (its state, under two keys), as Swagger UI merges them. */
  function withState(state, pathMethod, param, current) {
    var meta = state.getIn(['meta', 'paths'].concat(pathMethod, ['parameters']));
    if (!meta) return current;
    var key = param.get('in') + '.' + param.get('name');
    var named = meta.get(key);
    var hashed = meta.get(key + '.hash-' + param.hashCode());
    var last = merged.get(current);
    if (last && last.named === named && last.hashed === hashed) return last.result;
    var result = current.merge(named, hashed);
    merged.set(current, { named: named, hashed: hashed, result: result });
    return result;
  }
  function operationParameters(system, pathMethod) {
    return system.specSelectors.specJsonWithResolvedSubtrees().getIn(['paths'].concat(pathMethod, ['parameters']));
  }
  var selectors = {
    parameterWithMetaByIdentity: function (original, system) {
      return function (state, pathMethod, param) {
        var list = operationParameters(system, pathMethod);
        var current = list && findParameter(list, param);
        return current ? withState(state, pathMethod, param, current) : original(pathMethod, param);
      };
    },
    operationWithMeta: function (original, system) {
      return function (state, path, method) {
        var op = system.specSelectors.specJsonWithResolvedSubtrees().getIn(['paths', path, method]);
        var params = op && op.get('parameters');
        if (!params) return original(path, method);
        var meta = state.getIn(['meta', 'paths', path, method]);
        return (meta ? op.merge(meta) : op).set(
          'parameters',
          params.map(function (p) {
            return withState(state, [path, method], p, p);
          }),
        );
      };
    },
    parameterValues: function (original, system) {
      return function (state, pathMethod, isXml) {
        var op = system.specSelectors.operationWithMeta.apply(null, pathMethod || []);
        var params = op && op.get('parameters');
        if (!params) return original(pathMethod, isXml);
        return params.reduce(function (values, p) {
          var value = isXml && p.get('in') === 'body' ? p.get('value_xml') : p.get('value');
          // a list's empty entries are left out, as Swagger UI does
          if (system.Im.List.isList(value))
            value = value.filter(function (v) {
              return v !== '';
            });
          return values.set(p.get('in') + '.' + p.get('name'), value);
        }, system.Im.Map());
      };
    },
  };
  /** A row of the parameters table, drawn again only when what it shows changed (one per original). */
  var rows = new WeakMap();
  function parameterRow(Original, system) {
    if (rows.has(Original)) return rows.get(Original);
    // whether an empty value is sent (a row's setting kept apart from its parameter), as each row was drawn
    var drawn = new WeakMap();
    var inclusion = function (props) {
      return props.specSelectors.parameterInclusionSettingFor(
        props.pathMethod,
        props.param.get('name'),
        props.param.get('in'),
      );
    };
    var Row = function (props) {
      drawn.set(props, inclusion(props));
      return system.React.createElement(Original, props);
    };
    var row = system.React.memo(Row, function (before, after) {
      return (
        before.param === after.param &&
        before.rawParam === after.rawParam &&
        before.isExecute === after.isExecute &&
        before.pathMethod.join(' ') === after.pathMethod.join(' ') &&
        drawn.get(before) === inclusion(after)
      );
    });
    rows.set(Original, row);
    return row;
  }
  /** Text of more than this many characters (a page of 50 devices is 90,000) is shown without colours. */
  var HIGHLIGHT_LIMIT = 20000;
  /** Swagger UI colours a body by building an element per token: seconds for a page of objects. */
  function plainWhenLarge(Original, system) {
    return function (props) {
      var large = typeof props.children === 'string' && props.children.length > HIGHLIGHT_LIMIT;
      if (!large || typeof props.renderPlainText !== 'function') return system.React.createElement(Original, props);
      return props.renderPlainText({
        children: props.children,
        PlainTextViewer: system.getComponent('PlainTextViewer'),
      });
    };
  }
  function FastParameters() {
    return {
      statePlugins: { spec: { wrapSelectors: selectors } },
      wrapComponents: { parameterRow: parameterRow, SyntaxHighlighter: plainWhenLarge },
    };
  }

  window.ui = SwaggerUIBundle({
    urls: apps.map(function (app) {
      return { name: app, url: '/api/schema/?app=' + encodeURIComponent(app) + '&openapi=3.0' };
    }),
    dom_id: '#swagger-ui',
    deepLinking: true,
    persistAuthorization: true,
    filter: true,
    // the list of every schema at the bottom is rendered again at each change: each operation shows its own
    defaultModelsExpandDepth: -1,
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
    plugins: [FastParameters],
    layout: 'StandaloneLayout',
    requestInterceptor: function (req) {
      var m = document.cookie.match(/(?:^|; )csrftoken=([^;]*)/);
      if (m) req.headers['X-CSRFToken'] = decodeURIComponent(m[1]);
      return req;
    },
  });
})();
