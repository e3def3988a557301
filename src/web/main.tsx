import { render } from 'preact'
import { App } from './app'
import './styles.css'

const root = document.getElementById('app')!
// The static "loading" line of index.html goes: Preact renders next to what it did not create.
root.replaceChildren()
render(<App />, root)
