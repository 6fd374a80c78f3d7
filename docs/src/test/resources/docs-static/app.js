document.querySelector('h1').textContent = 'Shop, with JavaScript';
