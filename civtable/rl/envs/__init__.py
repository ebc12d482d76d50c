"""PettingZoo environments under PettingZoo's versioned names, one module per game:

>>> from civtable.rl.envs import pathciv_v1
>>> env = pathciv_v1.env(options={"players": 3})           # AEC API
>>> par = pathciv_v1.parallel_env(options={"players": 3})  # parallel API

The version (``_v1``) changes whenever observations, actions or rewards change meaning.
"""

GAMES = {"inceptum": "inceptum_v1", "pathciv": "pathciv_v1", "conquest": "conquest_v1", "dominations": "dominations_v1"}
